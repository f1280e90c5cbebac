import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { PageHeader } from "../../components/page-header.tsx";
import { Button } from "../../components/ui/button.tsx";
import { t } from "../../i18n/i18n.tsx";
import { cn } from "../../lib/cn.ts";
import { HelpRequestDetailView } from "./help-request-detail.tsx";
import { HelpRequestList, requestLink } from "./help-request-list.tsx";
import { CommonIssuesCard, ResponseTimesCard } from "./help-side-cards.tsx";
import { NewHelpRequestDialog } from "./new-help-request-dialog.tsx";

/**
 * `/help` (spec §2 Help): the customer's requests, one of them open (`?request=<id>`, so Back and a
 * reload keep it), the New Request form, and the Response Times and Common Issues cards.
 */
export function HelpPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const openId = searchParams.get("request");
  /** The subject the New Request form opens with; null while it is closed. */
  const [newSubject, setNewSubject] = useState<string | null>(null);

  function backToList() {
    // Opened from the list: step back in history, so the browser's Back does not return here.
    if ((location.state as { fromList?: boolean } | null)?.fromList) {
      navigate(-1);
    } else {
      navigate({ search: "" }, { replace: true });
    }
  }

  function showCreated(id: string) {
    setNewSubject(null);
    const link = requestLink(id);
    navigate(link.to, { state: link.state });
  }

  return (
    <>
      <PageHeader
        title={t("Help & Support")}
        description={t("Ask for help and follow your requests.")}
        actions={
          <Button onClick={() => setNewSubject("")}>
            <PlusIcon /> {t("New Request")}
          </Button>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          {openId ? (
            <HelpRequestDetailView
              key={openId}
              helpRequestId={openId}
              onBack={backToList}
              onNewRequest={() => setNewSubject("")}
            />
          ) : (
            <HelpRequestList onCreate={() => setNewSubject("")} />
          )}
        </div>
        {/* On a phone an open conversation gets the whole width; the cards are one Back away. */}
        <aside aria-label={t("Help topics")} className={cn("grid gap-6", openId && "hidden lg:grid")}>
          <ResponseTimesCard />
          <CommonIssuesCard onChoose={setNewSubject} />
        </aside>
      </div>
      <NewHelpRequestDialog
        open={newSubject !== null}
        subject={newSubject ?? ""}
        onOpenChange={(open) => setNewSubject(open ? (newSubject ?? "") : null)}
        onCreated={showCreated}
      />
    </>
  );
}
