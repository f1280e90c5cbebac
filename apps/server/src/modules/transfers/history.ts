import type { PageQuery } from "@ferry/core/contracts/pagination";
import type { TransactionItem, TransactionList } from "@ferry/core/contracts/transfers";
import { decodeCursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { keysetCursorOf, paginate } from "../../db/page.ts";
import { csvCell, csvDocumentOf } from "../../http/csv.ts";
import { type Reader, readerFor } from "../../i18n/translator.ts";
import { preferencesOf } from "../settings/service.ts";
import { selectHistory, toHistoryItem } from "./queries.ts";

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

/** A page of the user's history, newest first. */
export async function listHistory(db: Database, userId: string, query: PageQuery): Promise<TransactionList> {
  const rows = await selectHistory(db, userId, query.limit, decodeCursor(query.cursor, HISTORY_ID_PATTERN));
  return paginate(rows, query.limit, keysetCursorOf, toHistoryItem);
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

/** The user's statement as CSV text, in their language and time zone: their newest `STATEMENT_MAX_ROWS` history items. */
export async function exportStatement(db: Database, userId: string): Promise<string> {
  const rows = await selectHistory(db, userId, STATEMENT_MAX_ROWS);
  const { language, timeZone } = await preferencesOf(db, userId);
  return statementCsvOf(rows.slice(0, STATEMENT_MAX_ROWS).map(toHistoryItem), readerFor(language, timeZone));
}
