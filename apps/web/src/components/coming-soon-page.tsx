import { ConstructionIcon } from "lucide-react";
import { Link } from "react-router";
import { t, translateText } from "../i18n/i18n.tsx";
import { PageHeader } from "./page-header.tsx";
import { Button } from "./ui/button.tsx";
import { Card, CardContent } from "./ui/card.tsx";

/** The page of a signed-in route whose feature has not been built yet: its heading, and a clear note. */
export function ComingSoonPage(props: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={translateText(props.title)} description={translateText(props.description)} />
      <Card>
        <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
          <div className="flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
            <ConstructionIcon className="size-6" />
          </div>
          <h2 className="text-lg font-semibold">{t("Coming soon")}</h2>
          <p className="max-w-md text-muted-foreground">
            {t("{title} is on its way to Ferry. Nothing here can move money yet.", {
              title: translateText(props.title),
            })}
          </p>
          <Button asChild variant="outline">
            <Link to="/dashboard">{t("Back to Home")}</Link>
          </Button>
        </CardContent>
      </Card>
    </>
  );
}
