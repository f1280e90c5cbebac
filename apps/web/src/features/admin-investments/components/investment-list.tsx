import type { AdminInvestment, InvestmentStatus } from "@ferry/core/contracts/investments";
import type { MessageKey } from "@ferry/core/i18n/catalog";
import { createFormatter } from "@ferry/core/i18n/format";
import { Badge } from "../../../components/ui/badge.tsx";
import { Card, CardContent } from "../../../components/ui/card.tsx";
import { activeLanguage, format, t } from "../../../i18n/i18n.tsx";
import { formatUsd } from "../../../lib/format-usd.ts";

/** Spec §2: the last return's day, or 'Never' before the first. The day is a UTC calendar day. */
function lastReturnOf(investment: AdminInvestment): string {
  if (!investment.lastReturnDate) {
    return t("Never");
  }
  // A calendar day, not a moment: read in UTC, so no zone moves it to the day before or after.
  const utc = createFormatter({ language: activeLanguage(), timeZone: "UTC" });
  return utc.date(`${investment.lastReturnDate}T00:00:00Z`);
}

/** The status's name, as the API spells it (lower case: the badge capitalises it), translated at render. */
const STATUS_LABELS = { active: "active", closed: "closed" } as const satisfies Record<InvestmentStatus, MessageKey>;

function StatusOf({ investment }: { investment: AdminInvestment }) {
  return (
    <Badge variant={investment.status === "active" ? "success" : "neutral"} className="capitalize">
      {t(STATUS_LABELS[investment.status])}
    </Badge>
  );
}

function User({ investment }: { investment: AdminInvestment }) {
  return (
    <div className="min-w-0">
      <p className="truncate font-medium">{investment.userName || investment.userEmail}</p>
      {investment.userName ? <p className="truncate text-xs text-muted-foreground">{investment.userEmail}</p> : null}
    </div>
  );
}

const AMOUNT_CELL = "whitespace-nowrap px-4 py-3 text-right tabular-nums";
const HEADER_CELL = "px-4 py-3 font-medium";

/** The spec's table (User, Amount Invested, Current Balance, Total Returns, Status, Last Return Date, Created). */
export function InvestmentTable({ investments }: { investments: readonly AdminInvestment[] }) {
  return (
    <Card className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-border bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className={HEADER_CELL}>
              {t("User")}
            </th>
            <th scope="col" className={`${HEADER_CELL} text-right`}>
              {t("Amount Invested")}
            </th>
            <th scope="col" className={`${HEADER_CELL} text-right`}>
              {t("Current Balance")}
            </th>
            <th scope="col" className={`${HEADER_CELL} text-right`}>
              {t("Total Returns")}
            </th>
            <th scope="col" className={HEADER_CELL}>
              {t("Status")}
            </th>
            <th scope="col" className={HEADER_CELL}>
              {t("Last Return Date")}
            </th>
            <th scope="col" className={HEADER_CELL}>
              {t("Created")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {investments.map((investment) => (
            <tr key={investment.id} data-testid="admin-investment">
              <td className="max-w-64 px-4 py-3">
                <User investment={investment} />
              </td>
              <td className={AMOUNT_CELL}>{formatUsd(investment.amountInvested)}</td>
              <td className={`${AMOUNT_CELL} font-semibold`}>{formatUsd(investment.currentBalance)}</td>
              <td className={`${AMOUNT_CELL} text-green-700`}>{formatUsd(investment.totalReturns)}</td>
              <td className="px-4 py-3">
                <StatusOf investment={investment} />
              </td>
              <td className="whitespace-nowrap px-4 py-3">{lastReturnOf(investment)}</td>
              <td className="whitespace-nowrap px-4 py-3">
                <time dateTime={investment.createdAt}>{format().date(investment.createdAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** The same rows as cards, for narrow screens: every column as a labelled line. */
export function InvestmentCards({ investments }: { investments: readonly AdminInvestment[] }) {
  return (
    <ul className="grid grid-cols-1 gap-3" aria-label={t("Investments")}>
      {investments.map((investment) => (
        <li key={investment.id} data-testid="admin-investment">
          <Card>
            <CardContent className="grid gap-3 p-4">
              <div className="flex items-start justify-between gap-3">
                <User investment={investment} />
                <StatusOf investment={investment} />
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
                <dt className="text-muted-foreground">{t("Amount Invested")}</dt>
                <dd className="text-right tabular-nums">{formatUsd(investment.amountInvested)}</dd>
                <dt className="text-muted-foreground">{t("Current Balance")}</dt>
                <dd className="text-right font-semibold tabular-nums">{formatUsd(investment.currentBalance)}</dd>
                <dt className="text-muted-foreground">{t("Total Returns")}</dt>
                <dd className="text-right tabular-nums text-green-700">{formatUsd(investment.totalReturns)}</dd>
                <dt className="text-muted-foreground">{t("Last Return Date")}</dt>
                <dd className="text-right">{lastReturnOf(investment)}</dd>
                <dt className="text-muted-foreground">{t("Created")}</dt>
                <dd className="text-right">
                  <time dateTime={investment.createdAt}>{format().date(investment.createdAt)}</time>
                </dd>
              </dl>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
