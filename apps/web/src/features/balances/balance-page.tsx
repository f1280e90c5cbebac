import type { Balance } from "@ferry/core/contracts/balances";
import { CURRENCIES } from "@ferry/core/currencies";
import { minorOf } from "@ferry/core/money";
import { ArrowUpFromLineIcon, PlusIcon, RepeatIcon, SendIcon } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { BalanceTotalCard } from "../../components/balance-total.tsx";
import { CurrencyIcon } from "../../components/currency-icon.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { formatAmount, formatMoney } from "../../i18n/format.ts";
import { t, translateText } from "../../i18n/i18n.tsx";
import { useErrorToast } from "../../lib/toasts.ts";
import { AddCashDialog } from "./add-cash-dialog.tsx";
import { useBalances } from "./api/get-balances.ts";
import { RecentTransactions } from "./components/recent-transactions.tsx";

/** The props of a dialog this page opens; Send Money, Cashout and Exchange come from other features, composed in `app/`. */
export interface BalanceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const EMPTY_USD: Balance = { currency: "USD", balance: "0.00", reserved: "0.00", available: "0.00" };

/** Spec §2 reading B: one card per currency holding money; with none, a single USD card at zero. */
function shownBalances(balances: readonly Balance[]): Balance[] {
  const held = balances.filter((entry) => minorOf(entry.balance, entry.currency) > 0n);
  return held.length > 0 ? held : [EMPTY_USD];
}

function BalanceCard({ entry }: { entry: Balance }) {
  const currency = CURRENCIES[entry.currency];
  const reservedMinor = minorOf(entry.reserved, entry.currency);
  return (
    <Card data-testid={`balance-card-${entry.currency}`}>
      <CardContent className="p-4 sm:p-5">
        <div className="flex items-center gap-3">
          <CurrencyIcon currency={entry.currency} />
          <div className="min-w-0">
            <p className="font-semibold">{entry.currency}</p>
            <p className="truncate text-xs text-muted-foreground">{translateText(currency.name)}</p>
          </div>
        </div>
        <p className="mt-3 text-xs uppercase tracking-wide text-muted-foreground sm:mt-5">{t("Available")}</p>
        <p className="mt-1 flex items-baseline gap-1.5 text-2xl font-bold tabular-nums">
          <span data-testid="balance-available">
            {formatAmount(minorOf(entry.available, entry.currency), entry.currency)}
          </span>
          <span className="text-sm font-medium text-muted-foreground">{entry.currency}</span>
        </p>
        {reservedMinor > 0n ? (
          <p className="mt-2 text-xs text-yellow-800" data-testid="balance-reserved">
            {t("{amount} reserved for pending transfers", {
              amount: formatMoney({ currency: entry.currency, amountMinor: reservedMinor }),
            })}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function BalanceCards() {
  const balances = useBalances();
  useErrorToast(balances.error, "Failed to load balances");
  if (balances.isPending) {
    return (
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-40" />
        ))}
      </div>
    );
  }
  if (!balances.data) {
    // Issue 30: never a zero card for balances nobody read (spec §8's fallback); the toast still shows.
    return <LoadFailed message={t("Your balances could not be loaded right now.")} query={balances} />;
  }
  const entries = shownBalances(balances.data.balances);
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {entries.map((entry) => (
        <BalanceCard key={entry.currency} entry={entry} />
      ))}
    </div>
  );
}

type OpenDialog = "add-cash" | "cashout" | "exchange" | "send-money" | null;

/** `/balance`: balances per currency, Add Cash, Cashout, Exchange, Send Money and the three newest transactions. */
export function BalancePage({
  sendMoneyDialog: SendMoneyDialog,
  cashoutDialog: CashoutDialog,
  exchangeDialog: ExchangeDialog,
}: {
  sendMoneyDialog: React.ComponentType<BalanceDialogProps>;
  cashoutDialog: React.ComponentType<BalanceDialogProps>;
  exchangeDialog: React.ComponentType<BalanceDialogProps>;
}) {
  // `?open=add-cash` (the dashboard's "Add cash to get started") opens Add Cash; closing it drops the
  // parameter, so Back and a reload do not open it again.
  const [searchParams, setSearchParams] = useSearchParams();
  const [openDialog, setOpenDialog] = useState<OpenDialog>(searchParams.get("open") === "add-cash" ? "add-cash" : null);
  const dialogProps = (name: Exclude<OpenDialog, null>): BalanceDialogProps => ({
    open: openDialog === name,
    onOpenChange: (open) => {
      setOpenDialog(open ? name : null);
      if (!open && searchParams.has("open")) {
        setSearchParams({}, { replace: true });
      }
    },
  });
  return (
    <>
      <PageHeader
        title={t("Your Balance")}
        description={t("What you hold in each currency, ready to send or cash out.")}
        actions={
          <div className="grid w-full grid-cols-3 gap-2 sm:flex sm:w-auto">
            <Button variant="outline" onClick={() => setOpenDialog("add-cash")}>
              <PlusIcon /> {t("Add Cash")}
            </Button>
            <Button variant="outline" onClick={() => setOpenDialog("cashout")}>
              <ArrowUpFromLineIcon /> {t("Cashout")}
            </Button>
            <Button variant="outline" onClick={() => setOpenDialog("exchange")}>
              <RepeatIcon /> {t("Exchange")}
            </Button>
            <Button className="order-first col-span-3 sm:order-none" onClick={() => setOpenDialog("send-money")}>
              <SendIcon /> {t("Send Money")}
            </Button>
          </div>
        }
      />
      <div className="grid grid-cols-1 gap-6">
        <BalanceTotalCard />
        <section aria-label={t("Balances")}>
          <BalanceCards />
        </section>
        <RecentTransactions />
      </div>
      <AddCashDialog {...dialogProps("add-cash")} />
      <CashoutDialog {...dialogProps("cashout")} />
      <ExchangeDialog {...dialogProps("exchange")} />
      <SendMoneyDialog {...dialogProps("send-money")} />
    </>
  );
}
