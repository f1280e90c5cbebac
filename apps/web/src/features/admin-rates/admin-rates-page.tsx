import { type RatePair, UpdateRateRequest } from "@ferry/core/contracts/rates";
import { isCurrencyCode } from "@ferry/core/currencies";
import { useQuery } from "@tanstack/react-query";
import { Loader2Icon, SearchIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { SearchInput } from "../../components/search-input.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { format, t, translateText } from "../../i18n/i18n.tsx";
import { formatDateTime } from "../../lib/format-date-time.ts";
import { ratesQueryOptions } from "../../lib/queries/rates.ts";
import { useErrorToast } from "../../lib/toasts.ts";
import { useUpdateRate } from "./api/update-rate.ts";

/**
 * Whether a pair matches the search: every word names its FROM or TO currency ("usd eur", "btc"); a
 * whole code matches only itself (USD is not USDC), a shorter word the codes it starts ("us").
 */
function matchesSearch(pair: RatePair, search: string): boolean {
  const words = search
    .toUpperCase()
    .split(/[\s/→>,-]+/)
    .filter(Boolean);
  const matches = (code: string, word: string) => (isCurrencyCode(word) ? code === word : code.startsWith(word));
  return words.every((word) => matches(pair.from, word) || matches(pair.to, word));
}

/** The form's fee text as a number for the contract: digits only, so "2.5" or "1e2" are judged by it, not guessed. */
function feeOf(text: string): number {
  return /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

/** Basis points as a percentage in the locale's digits ("0.35 %", "0,35 %"): integer basis points, so a decimal string. */
function percentOf(basisPoints: number): string {
  if (!Number.isFinite(basisPoints)) {
    return "";
  }
  const hundredths = String(basisPoints % 100).padStart(2, "0");
  const decimal = `${Math.trunc(basisPoints / 100)}.${hundredths}`.replace(/\.?0+$/, "");
  const places = decimal.includes(".") ? decimal.length - decimal.indexOf(".") - 1 : 0;
  return t("{percent} %", { percent: format().decimal(decimal, places) });
}

/** A pair's rate and fee as typed, checked with the server's own schema, and their saving. */
function useRateEdit(pair: RatePair) {
  const [rate, setRate] = useState(pair.rate);
  const [fee, setFee] = useState(String(pair.feeBasisPoints));
  const update = useUpdateRate();
  const parsed = UpdateRateRequest.safeParse({ rate, feeBasisPoints: feeOf(fee) });
  const isChanged = rate !== pair.rate || fee !== String(pair.feeBasisPoints);

  function save() {
    if (parsed.success) {
      update.mutate(
        { from: pair.from, to: pair.to, request: parsed.data },
        {
          onSuccess: (saved) => {
            setRate(saved.rate);
            setFee(String(saved.feeBasisPoints));
          },
        },
      );
    }
  }
  return {
    rate,
    setRate,
    fee,
    setFee,
    isChanged,
    canSave: isChanged && parsed.success && !update.isPending,
    isSaving: update.isPending,
    problem: isChanged && !parsed.success ? translateText(parsed.error.issues[0]?.message ?? "") : undefined,
    save,
  };
}

/** One pair with its rate and fee editable in place; Save is offered once something changed. */
function RateRow({ pair }: { pair: RatePair }) {
  const { rate, fee, problem, ...edit } = useRateEdit(pair);
  const label = t("{from} to {to}", { from: pair.from, to: pair.to });
  const errorId = `rate-${pair.from}-${pair.to}-error`;

  return (
    <tr data-testid="rate-pair" className="align-middle">
      <th scope="row" className="whitespace-nowrap px-4 py-3 font-semibold">
        {pair.from} → {pair.to}
      </th>
      <td className="px-4 py-3">
        <Input
          aria-label={t("Rate {pair}", { pair: label })}
          inputMode="decimal"
          autoComplete="off"
          className="h-9 min-w-44 font-mono tabular-nums"
          value={rate}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => edit.setRate(event.target.value)}
        />
        {problem ? (
          <p id={errorId} className="mt-1 text-xs font-medium text-destructive">
            {problem}
          </p>
        ) : null}
      </td>
      <td className="px-4 py-3">
        <div className="flex items-center gap-2">
          <Input
            aria-label={t("Fee in basis points {pair}", { pair: label })}
            inputMode="numeric"
            autoComplete="off"
            className="h-9 w-20 tabular-nums"
            value={fee}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => edit.setFee(event.target.value)}
          />
          <span className="whitespace-nowrap text-xs text-muted-foreground">{percentOf(feeOf(fee))}</span>
        </div>
      </td>
      <td className="whitespace-nowrap px-4 py-3 text-xs text-muted-foreground">
        <time dateTime={pair.updatedAt}>{formatDateTime(pair.updatedAt)}</time>
      </td>
      <td className="px-4 py-3 text-right">
        <Button
          size="sm"
          variant={edit.isChanged ? "default" : "outline"}
          disabled={!edit.canSave}
          aria-label={t("Save {pair}", { pair: label })}
          onClick={edit.save}
        >
          {edit.isSaving ? <Loader2Icon aria-hidden="true" className="animate-spin" /> : null}
          {t("Save")}
        </Button>
      </td>
    </tr>
  );
}

function RatesTable({ pairs }: { pairs: readonly RatePair[] }) {
  return (
    <Card className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t("Exchange rates and fees of every currency pair")}</caption>
        <thead className="border-b border-border bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              {t("Pair")}
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              {t("Rate (1 from = … to)")}
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              {t("Fee (basis points)")}
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              {t("Updated")}
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              <span className="sr-only">{t("Actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {pairs.map((pair) => (
            // Keyed on the saved values too, so a row's inputs start again from what the server holds.
            <RateRow key={`${pair.from}-${pair.to}-${pair.rate}-${pair.feeBasisPoints}`} pair={pair} />
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/**
 * `/admin/rates`: every currency pair's rate and fee — the one rate source of quotes and the public
 * rates page — searchable by currency, edited in place. Each save is audited by the server.
 */
export function AdminRatesPage() {
  const rates = useQuery(ratesQueryOptions);
  useErrorToast(rates.error, t("Failed to load rates"));
  const [search, setSearch] = useState("");
  const pairs = (rates.data?.rates ?? []).filter((pair) => matchesSearch(pair, search));
  let body: ReactNode;
  if (rates.isPending) {
    body = <Skeleton className="h-96" />;
  } else if (!rates.data) {
    // Not read, so not "No pairs found" (issue 30): a failure says so where the table would be.
    body = <LoadFailed message={t("This list could not be loaded right now.")} query={rates} />;
  } else if (pairs.length === 0) {
    body = (
      <EmptyState
        icon={SearchIcon}
        title={t("No pairs found")}
        hint={t("Search by currency code, for example USD EUR.")}
      />
    );
  } else {
    body = <RatesTable pairs={pairs} />;
  }
  return (
    <>
      <PageHeader
        title={t("Exchange Rates")}
        description={t("Rates and fees of every currency pair. Quotes and the public rates page use them at once.")}
      />
      <SearchInput
        label={t("Search pairs")}
        placeholder={t("Search pairs, e.g. USD EUR")}
        value={search}
        onChange={setSearch}
        className="mb-4 max-w-sm"
      />
      {body}
    </>
  );
}
