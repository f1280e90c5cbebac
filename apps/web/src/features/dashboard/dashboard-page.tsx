import type { Balance } from "@ferry/core/contracts/balances";
import { CURRENCIES, DASHBOARD_CURRENCIES } from "@ferry/core/currencies";
import { MESSAGES } from "@ferry/core/messages";
import { minorOf } from "@ferry/core/money";
import { displayName } from "@ferry/core/person-names";
import { useQuery } from "@tanstack/react-query";
import { PlusIcon, SendIcon } from "lucide-react";
import type { ComponentType } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { BalanceTotalCard } from "../../components/balance-total.tsx";
import { CurrencyIcon } from "../../components/currency-icon.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
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
      {balances.isError && !balances.data ? (
        // Issue 30: no "$0.00" for balances nobody read; the cards come back once Retry reads them.
        <LoadFailed message={t("Your balances could not be loaded right now.")} query={balances} />
      ) : (
        <CurrencyCards balances={balances.data?.balances} />
      )}
    </section>
  );
}

/** The dashboard's four currency cards; `balances` undefined while they load (placeholders in the figures). */
function CurrencyCards({ balances }: { balances: readonly Balance[] | undefined }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {DASHBOARD_CURRENCIES.map((code) => {
        const currency = CURRENCIES[code];
        const entry = balances?.find((balance) => balance.currency === code);
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
              {balances === undefined ? (
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
  );
}

/**
 * A new person's first look (issue 30): every balance at zero and nothing on its way, so the dashboard
 * says how to begin instead of showing four empty accounts without a word.
 */
function FirstSteps() {
  const balances = useQuery(balancesQueryOptions);
  const isEmpty =
    balances.data?.balances.every((balance) => minorOf(balance.balance, balance.currency) === 0n) === true;
  if (!isEmpty) {
    return null;
  }
  return (
    <Card className="mb-6 border-primary/30 bg-primary/5" data-testid="first-steps">
      <CardContent className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
          <PlusIcon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold">{t("Add cash to get started")}</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {t(
              "Your accounts are ready. Add money by bank transfer or a crypto deposit, then send it wherever it needs to go.",
            )}
          </p>
        </div>
        <Button asChild>
          <Link to="/balance?open=add-cash">{t("Add Cash")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** How long after signing up the dashboard greets a person as new: "Welcome", not "Welcome back". */
const NEWCOMER_FOR_MS = 24 * 60 * 60 * 1000;

function isNewcomer(createdAt: string): boolean {
  return Date.now() - new Date(createdAt).getTime() < NEWCOMER_FOR_MS;
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
        title={
          isNewcomer(profile.createdAt)
            ? t("Welcome, {name}", { name: displayName(profile) })
            : t("Welcome back, {name}", { name: displayName(profile) })
        }
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
      <FirstSteps />
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
