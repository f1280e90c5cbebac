import { type RatePair, UpdateRateRequest } from "@ferry/core/contracts/rates";
import { isCurrencyCode } from "@ferry/core/currencies";
import { useQuery } from "@tanstack/react-query";
import { Loader2Icon, SearchIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { EmptyState } from "../../components/empty-state.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { SearchInput } from "../../components/search-input.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
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

function percentOf(basisPoints: number): string {
  return Number.isFinite(basisPoints) ? `${basisPoints / 100} %` : "";
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
    problem: isChanged && !parsed.success ? parsed.error.issues[0]?.message : undefined,
    save,
  };
}

/** One pair with its rate and fee editable in place; Save is offered once something changed. */
function RateRow({ pair }: { pair: RatePair }) {
  const { rate, fee, problem, ...edit } = useRateEdit(pair);
  const label = `${pair.from} to ${pair.to}`;
  const errorId = `rate-${pair.from}-${pair.to}-error`;

  return (
    <tr data-testid="rate-pair" className="align-middle">
      <th scope="row" className="whitespace-nowrap px-4 py-3 font-semibold">
        {pair.from} → {pair.to}
      </th>
      <td className="px-4 py-3">
        <Input
          aria-label={`Rate ${label}`}
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
            aria-label={`Fee in basis points ${label}`}
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
        <time dateTime={pair.updatedAt}>{new Date(pair.updatedAt).toLocaleString()}</time>
      </td>
      <td className="px-4 py-3 text-right">
        <Button
          size="sm"
          variant={edit.isChanged ? "default" : "outline"}
          disabled={!edit.canSave}
          aria-label={`Save ${label}`}
          onClick={edit.save}
        >
          {edit.isSaving ? <Loader2Icon aria-hidden="true" className="animate-spin" /> : null}
          Save
        </Button>
      </td>
    </tr>
  );
}

function RatesTable({ pairs }: { pairs: readonly RatePair[] }) {
  return (
    <Card className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Exchange rates and fees of every currency pair</caption>
        <thead className="border-b border-border bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Pair
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Rate (1 from = … to)
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Fee (basis points)
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Updated
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              <span className="sr-only">Actions</span>
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
  useErrorToast(rates.error, "Failed to load rates");
  const [search, setSearch] = useState("");
  const pairs = (rates.data?.rates ?? []).filter((pair) => matchesSearch(pair, search));
  let body: ReactNode;
  if (rates.isPending) {
    body = <Skeleton className="h-96" />;
  } else if (pairs.length === 0) {
    body = <EmptyState icon={SearchIcon} title="No pairs found" hint="Search by currency code, for example USD EUR." />;
  } else {
    body = <RatesTable pairs={pairs} />;
  }
  return (
    <>
      <PageHeader
        title="Exchange Rates"
        description="Rates and fees of every currency pair. Quotes and the public rates page use them at once."
      />
      <SearchInput
        label="Search pairs"
        placeholder="Search pairs, e.g. USD EUR"
        value={search}
        onChange={setSearch}
        className="mb-4 max-w-sm"
      />
      {body}
    </>
  );
}
