import type { YieldReserve } from "@ferry/core/contracts/investments";
import { LandmarkIcon, PlusIcon } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent } from "../../../components/ui/card.tsx";
import { UsdAmountDialog } from "../../../components/usd-amount-dialog.tsx";
import { t } from "../../../i18n/i18n.tsx";
import { formatUsd } from "../../../lib/format-usd.ts";
import { useTopUpYieldReserve } from "../api/top-up-yield-reserve.ts";

/** Fewer days of cover than this, and the card warns: a week leaves time to move money in. */
const LOW_COVER_DAYS = 7;

function CoverBadge({ daysCovered }: { daysCovered: number | null }) {
  if (daysCovered === null) {
    return <Badge variant="neutral">{t("No returns due")}</Badge>;
  }
  if (daysCovered === 0) {
    return <Badge variant="destructive">{t("Covers 0 days: returns are not being paid")}</Badge>;
  }
  return (
    <Badge variant={daysCovered < LOW_COVER_DAYS ? "warning" : "success"}>
      {t("{count, plural, one {Covers # day} other {Covers # days}}", { count: daysCovered })}
    </Badge>
  );
}

/**
 * The operator's yield reserve (DESIGN.md §9: returns are paid from it, never from nothing): its
 * balance, today's returns, how many days it covers, and a top-up from the operator's bank account.
 */
export function YieldReserveCard({ reserve }: { reserve: YieldReserve }) {
  const [isTopUpOpen, setIsTopUpOpen] = useState(false);
  const topUp = useTopUpYieldReserve();
  return (
    <Card role="region" aria-labelledby="yield-reserve-heading">
      <CardContent className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:p-5">
        <span className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-primary sm:flex">
          <LandmarkIcon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="yield-reserve-heading" className="font-semibold">
              {t("Yield Reserve")}
            </h2>
            <CoverBadge daysCovered={reserve.daysCovered} />
          </div>
          <p className="mt-1 text-2xl font-bold tabular-nums" data-testid="reserve-balance">
            {formatUsd(reserve.balance)}
          </p>
          <p className="text-sm text-muted-foreground">
            {t("Daily returns due today: {amount}", { amount: formatUsd(reserve.dailyReturnsDue) })}
          </p>
        </div>
        <Button onClick={() => setIsTopUpOpen(true)}>
          <PlusIcon /> {t("Top up reserve")}
        </Button>
      </CardContent>
      <UsdAmountDialog
        open={isTopUpOpen}
        onOpenChange={setIsTopUpOpen}
        id="top-up-amount"
        title={t("Top up reserve")}
        description={t(
          "Move US dollars from the operator's bank account into the yield reserve. Days it could not pay are paid once it covers them.",
        )}
        submitLabel={t("Top up")}
        pendingLabel={t("Topping up…")}
        hint={t("The reserve holds {amount}.", { amount: formatUsd(reserve.balance) })}
        onSubmit={(request, idempotencyKey) => topUp.mutateAsync({ request, idempotencyKey })}
      />
    </Card>
  );
}
