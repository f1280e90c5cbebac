import {
  BACKWARDS_RANGE_MESSAGE,
  type HistoryFilters,
  type HistoryQuery,
  isForwardRange,
  type TransactionItem,
  type TransactionList,
} from "@ferry/core/contracts/transfers";
import { toDecimalString } from "@ferry/core/money";
import { decodeCursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { keysetCursorOf, paginate } from "../../db/page.ts";
import { AppError } from "../../errors.ts";
import { csvCell, csvDocumentOf } from "../../http/csv.ts";
import { type Reader, readerFor } from "../../i18n/translator.ts";
import { preferencesOf } from "../settings/service.ts";
import { type HistoryFilterSql, selectHistory, selectHistoryTotals, toHistoryItem } from "./queries.ts";

/*
 * A customer's history: transfers sent and received, deposits credited and exchanges, newest first. A
 * page of it for the screens, and the whole of it (bounded) as a CSV statement.
 */

/** The most rows one statement export reads. */
const STATEMENT_MAX_ROWS = 10_000;
/**
 * History ids: "t" + a transfer's uuid, "d" + a zero-padded ledger transfer id, or "xo"/"xi" + an
 * exchange quote's uuid (the side sold, the side bought).
 */
const HISTORY_ID_PATTERN = /^(t[0-9a-f-]{36}|d\d{20}|x[oi][0-9a-f-]{36})$/;

/** The filters as the query reads them, the days in the person's own time zone; a backwards range is refused. */
async function filterSqlOf(db: Database, userId: string, filters: HistoryFilters): Promise<HistoryFilterSql> {
  if (!isForwardRange(filters)) {
    throw new AppError("validation_failed", BACKWARDS_RANGE_MESSAGE, { to: BACKWARDS_RANGE_MESSAGE });
  }
  const { timeZone } = await preferencesOf(db, userId);
  return {
    search: filters.search,
    currency: filters.currency,
    type: filters.type,
    status: filters.status,
    fromDay: filters.from,
    toDay: filters.to,
    timeZone,
  };
}

function hasFilters(filters: HistoryFilters): boolean {
  return Object.values(filters).some((value) => value !== undefined && value !== "");
}

/**
 * A page of the user's history, newest first, narrowed by the filters (issue 30); the first page of a
 * filtered history also says what every matching row adds up to, per currency.
 */
export async function listHistory(db: Database, userId: string, query: HistoryQuery): Promise<TransactionList> {
  const { cursor, limit, ...filters } = query;
  const filterSql = hasFilters(filters) ? await filterSqlOf(db, userId, filters) : undefined;
  const rows = await selectHistory(db, userId, limit, {
    after: decodeCursor(cursor, HISTORY_ID_PATTERN),
    filters: filterSql,
  });
  const page = paginate(rows, limit, keysetCursorOf, toHistoryItem);
  if (!filterSql || cursor) {
    return page;
  }
  const totals = await selectHistoryTotals(db, userId, filterSql);
  return {
    ...page,
    totals: totals.map((total) => ({
      currency: total.currency,
      in: toDecimalString(BigInt(total.in_minor), total.currency),
      out: toDecimalString(BigInt(total.out_minor), total.currency),
    })),
  };
}

/**
 * The statement as CSV: one line per history item, amounts leaving the account negative. Column names
 * are in the reader's language; times are ISO 8601 in their time zone with its offset, amounts plain
 * decimals, and types and statuses Ferry's own words, so a spreadsheet or a script reads every row alike.
 */
function statementCsvOf(items: readonly TransactionItem[], reader: Reader): string {
  const { t, format } = reader;
  const header = [
    t("date"),
    t("type"),
    t("status"),
    t("currency"),
    t("amount"),
    t("fee"),
    t("counterparty"),
    t("memo"),
  ];
  return csvDocumentOf(
    header,
    items.map((item) => [
      csvCell(format.isoDateTime(item.createdAt)),
      csvCell(item.type),
      csvCell(item.status),
      csvCell(item.currency),
      csvCell(item.direction === "out" ? `-${item.amount}` : item.amount, "number"),
      csvCell(item.fee, "number"),
      csvCell(item.counterparty),
      csvCell(item.memo),
    ]),
  );
}

/**
 * The user's statement as CSV text, in their language and time zone: their newest `STATEMENT_MAX_ROWS`
 * history items, narrowed by the same filters as the screen's (issue 30: the export of what is filtered).
 */
export async function exportStatement(db: Database, userId: string, filters: HistoryFilters = {}): Promise<string> {
  const filterSql = hasFilters(filters) ? await filterSqlOf(db, userId, filters) : undefined;
  const rows = await selectHistory(db, userId, STATEMENT_MAX_ROWS, { filters: filterSql });
  const { language, timeZone } = await preferencesOf(db, userId);
  return statementCsvOf(rows.slice(0, STATEMENT_MAX_ROWS).map(toHistoryItem), readerFor(language, timeZone));
}
