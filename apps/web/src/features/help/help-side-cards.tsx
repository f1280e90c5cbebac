import { COMMON_HELP_ISSUES, HELP_PRIORITIES, RESPONSE_TARGET_HOURS } from "@ferry/core/contracts/help";
import { ChevronRightIcon } from "lucide-react";
import { formatTargetHours, HelpPriorityBadge } from "../../components/help/help-badges.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card.tsx";
import { t } from "../../i18n/i18n.tsx";

/** The targets, most pressing first. */
const PRIORITIES_BY_URGENCY = [...HELP_PRIORITIES].reverse();

/** Spec §9: how soon support answers each priority. */
export function ResponseTimesCard() {
  return (
    <Card role="region" aria-labelledby="response-times-heading">
      <CardHeader className="pb-4">
        <h2 id="response-times-heading" className="text-lg font-semibold leading-none tracking-tight">
          {t("Response Times")}
        </h2>
        <CardDescription>{t("How soon support answers, by priority.")}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          {PRIORITIES_BY_URGENCY.map((priority) => (
            <div key={priority} className="flex items-center justify-between gap-3">
              <dt>
                <HelpPriorityBadge priority={priority} />
              </dt>
              <dd className="font-medium tabular-nums">{formatTargetHours(RESPONSE_TARGET_HOURS[priority])}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

/** Spec §2: the usual subjects; choosing one opens the New Request form with it filled in. */
export function CommonIssuesCard({ onChoose }: { onChoose: (subject: string) => void }) {
  return (
    <Card role="region" aria-labelledby="common-issues-heading">
      <CardHeader className="pb-3">
        <h2 id="common-issues-heading" className="text-lg font-semibold leading-none tracking-tight">
          {t("Common Issues")}
        </h2>
        <CardDescription>{t("Start a request about one of these.")}</CardDescription>
      </CardHeader>
      <CardContent className="px-3 pb-3">
        <ul className="grid gap-0.5">
          {COMMON_HELP_ISSUES.map((issue) => (
            <li key={issue}>
              <button
                type="button"
                onClick={() => onChoose(t(issue))}
                className="flex w-full items-center justify-between gap-2 rounded-md px-3 py-2.5 text-left text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {t(issue)}
                <ChevronRightIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
