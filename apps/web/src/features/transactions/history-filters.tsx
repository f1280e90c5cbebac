import type { HistoryFilters, HistoryTotal } from "@ferry/core/contracts/transfers";
import { CURRENCY_CODES } from "@ferry/core/currencies";
import type { MessageKey } from "@ferry/core/i18n/catalog";
import { minorOf } from "@ferry/core/money";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { SearchInput } from "../../components/search-input.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { formatMoney } from "../../i18n/format.ts";
import { t } from "../../i18n/i18n.tsx";
import { useDebouncedValue } from "../../lib/use-debounced-value.ts";

/*
 * The history's filters (issue 30), kept in the page's address: a reload, Back and the CSV export all
 * see what the person narrowed the list to. The server applies them (and checks them) with the same
 * schema; the search is sent once typing pauses.
 */

const FILTER_NAMES = ["search", "currency", "type", "status", "from", "to"] as const;
type FilterName = (typeof FILTER_NAMES)[number];

const TYPE_OPTIONS: readonly [NonNullable<HistoryFilters["type"]>, MessageKey][] = [
  ["sent", "Sent Money"],
  ["received", "Received"],
  ["deposit", "Deposit"],
  ["withdraw", "Withdraw"],
  ["exchange", "Exchange"],
];
const STATUS_OPTIONS: readonly [NonNullable<HistoryFilters["status"]>, MessageKey][] = [
  ["pending", "Pending"],
  ["processed", "Processed"],
  ["sent", "Sent"],
  ["completed", "Completed"],
  ["failed", "Failed"],
  ["cancelled", "Cancelled"],
];

/** The filters in the address, and a way to change one (an empty value removes it). */
export function useHistoryFilters() {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(
    FILTER_NAMES.flatMap((name) => {
      const value = params.get(name);
      return value ? [[name, value]] : [];
    }),
  ) as HistoryFilters;
  const setFilter = (name: FilterName, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) {
          next.set(name, value);
        } else {
          next.delete(name);
        }
        return next;
      },
      { replace: true },
    );
  const clear = () => setParams(new URLSearchParams(), { replace: true });
  const isFiltered = Object.keys(filters).length > 0;
  /** The query string of the filters, for the CSV export ("" without any). */
  const query = new URLSearchParams(filters as Record<string, string>).toString();
  return { filters, setFilter, clear, isFiltered, query };
}

/** One filter's choices, "All …" (no filter) first. */
function FilterSelect(props: {
  label: string;
  allLabel: string;
  value: string | undefined;
  options: readonly (readonly [string, string])[];
  onChange: (value: string) => void;
}) {
  return (
    <NativeSelect
      aria-label={props.label}
      value={props.value ?? ""}
      onChange={(event) => props.onChange(event.target.value)}
    >
      <option value="">{props.allLabel}</option>
      {props.options.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </NativeSelect>
  );
}

/** One end of the range of days, labelled above it. */
function DateFilter(props: {
  id: string;
  label: string;
  value: string | undefined;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={props.id} className="text-xs text-muted-foreground">
        {props.label}
      </Label>
      <Input
        id={props.id}
        type="date"
        value={props.value ?? ""}
        min={props.min}
        max={props.max}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </div>
  );
}

/** Search, currency, type, status and a range of days, above the history. */
export function HistoryFilterBar(props: ReturnType<typeof useHistoryFilters>) {
  const { filters, setFilter } = props;
  const [text, setText] = useState(filters.search ?? "");
  const term = useDebouncedValue(text.trim(), 300);
  useEffect(() => {
    if (term !== (filters.search ?? "")) {
      setFilter("search", term);
    }
  }, [term, filters.search, setFilter]);
  return (
    <div className="mb-4 grid gap-3" data-testid="history-filters">
      <SearchInput
        label={t("Search transactions")}
        placeholder={t("Search by recipient, memo or reference")}
        value={text}
        onChange={setText}
      />
      <div className="grid grid-cols-2 items-end gap-3 md:grid-cols-5">
        <FilterSelect
          label={t("Filter by currency")}
          allLabel={t("All currencies")}
          value={filters.currency}
          options={CURRENCY_CODES.map((code) => [code, code])}
          onChange={(value) => setFilter("currency", value)}
        />
        <FilterSelect
          label={t("Filter by type")}
          allLabel={t("All types")}
          value={filters.type}
          options={TYPE_OPTIONS.map(([value, label]) => [value, t(label)])}
          onChange={(value) => setFilter("type", value)}
        />
        <FilterSelect
          label={t("Filter by status")}
          allLabel={t("All statuses")}
          value={filters.status}
          options={STATUS_OPTIONS.map(([value, label]) => [value, t(label)])}
          onChange={(value) => setFilter("status", value)}
        />
        <DateFilter
          id="history-from"
          label={t("Start date")}
          value={filters.from}
          max={filters.to}
          onChange={(value) => setFilter("from", value)}
        />
        <DateFilter
          id="history-to"
          label={t("End date")}
          value={filters.to}
          min={filters.from}
          onChange={(value) => setFilter("to", value)}
        />
      </div>
      {props.isFiltered ? (
        <div>
          <Button
            variant="ghost"
            size="sm"
            className="-ml-2"
            onClick={() => {
              setText("");
              props.clear();
            }}
          >
            {t("Clear filters")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** What every row the filters match adds up to, per currency: money in, and money out with its fees. */
export function HistoryTotals({ totals }: { totals: readonly HistoryTotal[] }) {
  if (totals.length === 0) {
    return null;
  }
  const money = (currency: HistoryTotal["currency"], decimal: string) =>
    formatMoney({ currency, amountMinor: minorOf(decimal, currency) });
  return (
    <ul className="mb-4 flex flex-wrap gap-x-6 gap-y-1 text-sm" aria-label={t("Totals for these filters")}>
      {totals.map((total) => (
        <li key={total.currency} className="tabular-nums" data-testid={`history-total-${total.currency}`}>
          <span className="text-green-700">{t("In: {amount}", { amount: money(total.currency, total.in) })}</span>
          {" · "}
          <span>{t("Out: {amount}", { amount: money(total.currency, total.out) })}</span>
        </li>
      ))}
    </ul>
  );
}
