import { CURRENCIES, DASHBOARD_CURRENCIES } from "@ferry/core/currencies";
import { MESSAGES } from "@ferry/core/messages";
import { minorOf } from "@ferry/core/money";
import { displayName } from "@ferry/core/person-names";
import { useQuery } from "@tanstack/react-query";
import { SendIcon } from "lucide-react";
import type { ComponentType } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { BalanceTotalCard } from "../../components/balance-total.tsx";
import { CurrencyIcon } from "../../components/currency-icon.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { SeeAllLink } from "../../components/see-all-link.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { formatAmount } from "../../i18n/format.ts";
import { t, translateText } from "../../i18n/i18n.tsx";
import { balancesQueryOptions } from "../../lib/queries/balances.ts";
import { useSignedInProfile } from "../../lib/queries/session.ts";

function CurrencyAccounts() {
  const balances = useQuery(balancesQueryOptions);
  return (
    <section aria-labelledby="currency-accounts-heading">
      <div className="mb-4 flex items-center justify-between">
        <h2 id="currency-accounts-heading" className="text-lg font-semibold">
          {t("Currency accounts")}
        </h2>
        <SeeAllLink to="/balance">{t("See all")}</SeeAllLink>
      </div>
      {balances.isError ? (
        <p className="rounded-md border border-border bg-card p-4 text-sm text-muted-foreground">
          {t("Balances could not be loaded. They will appear here as soon as Ferry can reach your accounts.")}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {DASHBOARD_CURRENCIES.map((code) => {
          const currency = CURRENCIES[code];
          const entry = balances.data?.balances.find((balance) => balance.currency === code);
          return (
            <Card key={code} className="overflow-hidden">
              <CardContent className="p-5">
                <div className="flex items-center gap-3">
                  <CurrencyIcon currency={code} />
                  <div>
                    <p className="font-semibold">{code}</p>
                    <p className="text-xs text-muted-foreground">{translateText(currency.name)}</p>
                  </div>
                </div>
                <p className="mt-5 text-xs uppercase tracking-wide text-muted-foreground">{t("Available balance")}</p>
                {balances.isPending ? (
                  <Skeleton className="mt-1 h-8 w-32" />
                ) : (
                  <p className="mt-1 text-2xl font-bold tabular-nums" data-testid={`balance-${code}`}>
                    {currency.symbol}
                    {formatAmount(minorOf(entry?.available ?? "0", code), code)}
                  </p>
                )}
              </CardContent>
            </Card>
          );
        })}
      </div>
    </section>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Send Money as the dashboard opens it. The dialog is the transfers feature's: app/routes.tsx passes
 * it in, as it does for the balances page (features never import each other).
 */
export interface DashboardSendMoneyProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** "large": a bank transfer chosen, with the note on how large transfers are handled. */
  preset?: "large";
}

/** Tabs of the spec's links that have pages of their own in Ferry (spec §2: the marketing header's Profile and Settings). */
const TAB_PAGES: Readonly<Record<string, string>> = { profile: "/profile", settings: "/settings" };

/**
 * `/dashboard?tab=…`: home shows the currency accounts; `send` opens Send Money over it (`&type=large`
 * preselects a bank transfer, as the header's "Large transfers" asks); `profile` and `settings` go to
 * their pages; any other tab is announced as coming soon.
 */
export function DashboardPage({
  sendMoneyDialog: SendMoneyDialog,
}: {
  sendMoneyDialog?: ComponentType<DashboardSendMoneyProps>;
}) {
  const profile = useSignedInProfile();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get("tab") ?? "home";
  const tabPage = TAB_PAGES[tab];
  if (tabPage) {
    return <Navigate to={tabPage} replace />;
  }
  const isSending = tab === "send";
  if (tab !== "home" && !isSending) {
    return (
      <>
        <PageHeader title={capitalise(tab)} />
        <Card>
          <CardContent className="p-10 text-center text-muted-foreground">
            {translateText(MESSAGES.comingSoon)}
          </CardContent>
        </Card>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={t("Welcome back, {name}", { name: displayName(profile) })}
        description={t("Here is where your money stands today.")}
        actions={
          <div className="flex gap-2">
            <Button asChild variant="outline">
              <Link to="/balance">{t("Go to balances")}</Link>
            </Button>
            {SendMoneyDialog ? (
              <Button asChild>
                <Link to="?tab=send">
                  <SendIcon aria-hidden="true" /> {t("Send Money")}
                </Link>
              </Button>
            ) : null}
          </div>
        }
      />
      <BalanceTotalCard className="mb-6" />
      <CurrencyAccounts />
      {SendMoneyDialog ? (
        <SendMoneyDialog
          open={isSending}
          preset={searchParams.get("type") === "large" ? "large" : undefined}
          onOpenChange={(open) => {
            // Closing the dialog leaves the link's tab, so Back and a reload do not reopen it.
            if (!open) {
              setSearchParams({}, { replace: true });
            }
          }}
        />
      ) : null}
    </>
  );
}
