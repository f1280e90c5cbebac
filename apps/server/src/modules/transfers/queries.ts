import type {
  AdminTransfer,
  TransactionItem,
  Transfer,
  TransferMethod,
  TransferStatus,
} from "@ferry/core/contracts/transfers";
import type { CurrencyCode } from "@ferry/core/currencies";
import { toDecimalString } from "@ferry/core/money";
import { sql } from "kysely";
import { statementOnce } from "../../db/compiled-once.ts";
import type { Cursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { cursorTimeOf, isPastCursor, keysetPage, rowsToRead } from "../../db/page.ts";

interface HistoryRow {
  id: string;
  cursor_at: string;
  type: "sent" | "received" | "deposit" | "withdraw" | "exchange";
  direction: "in" | "out";
  method: "bank" | "crypto" | "ferry_user" | "withdrawal" | null;
  status: string;
  /** Read from `transfers.currency` and `ledger_transfers.currency`. */
  currency: CurrencyCode;
  amount: string;
  fee: string;
  counterparty: string | null;
  memo: string | null;
  /** The app that sent it with its API credential, for its sender only. */
  app_name: string | null;
  created_at: Date;
}

/**
 * A user's history, newest first: transfers they sent, transfers other users sent them, deposits
 * credited to their wallets, and both sides of their exchanges (the currency sold with its fee, and
 * the currency bought), after `after`; one row past `limit` (see db/page.ts).
 */
export async function selectHistory(
  db: Database,
  userId: string,
  limit: number,
  options: { after?: Cursor; filters?: HistoryFilterSql } = {},
): Promise<HistoryRow[]> {
  const conditions = [
    ...(options.after ? [isPastCursor(options.after, { time: "created_at", id: "id" })] : []),
    ...filterConditionsOf(options.filters),
  ];
  const where = conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const result = await sql<HistoryRow>`
    SELECT *, ${cursorTimeOf("created_at")} AS cursor_at FROM ${historyOf(userId)} history
    ${where}
    ORDER BY created_at DESC, id DESC
    LIMIT ${rowsToRead(limit)}`.execute(db);
  return result.rows;
}

/** The history's filters as the query reads them: the days already turned into instants in the person's zone. */
export interface HistoryFilterSql {
  readonly search?: string;
  readonly currency?: string;
  readonly type?: string;
  readonly status?: string;
  /** The start of the first day, and the start of the day after the last, in the person's time zone. */
  readonly fromDay?: string;
  readonly toDay?: string;
  readonly timeZone: string;
}

function filterConditionsOf(filters: HistoryFilterSql | undefined) {
  if (!filters) {
    return [];
  }
  const { search, currency, type, status, fromDay, toDay, timeZone } = filters;
  const needle = search?.trim().toLowerCase();
  return [
    // position(), not LIKE: a % or _ typed in the search is a character like any other.
    ...(needle
      ? [
          sql`(position(${needle} in lower(coalesce(counterparty, ''))) > 0
            OR position(${needle} in lower(coalesce(memo, ''))) > 0
            OR position(${needle} in lower(id)) > 0)`,
        ]
      : []),
    ...(currency ? [sql`currency = ${currency}`] : []),
    ...(type ? [sql`type = ${type}`] : []),
    ...(status ? [sql`status = ${status}`] : []),
    ...(fromDay ? [sql`created_at >= (${fromDay}::date::timestamp AT TIME ZONE ${timeZone})`] : []),
    ...(toDay ? [sql`created_at < ((${toDay}::date + 1)::timestamp AT TIME ZONE ${timeZone})`] : []),
  ];
}

/**
 * What the filtered history adds up to per currency: money in, and money out with its fees, in minor
 * units as text (every row the filters match, not a page).
 */
export async function selectHistoryTotals(
  db: Database,
  userId: string,
  filters: HistoryFilterSql,
): Promise<{ currency: CurrencyCode; in_minor: string; out_minor: string }[]> {
  const conditions = filterConditionsOf(filters);
  const where = conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const result = await sql<{ currency: CurrencyCode; in_minor: string; out_minor: string }>`
    SELECT currency,
           coalesce(sum(amount::numeric) FILTER (WHERE direction = 'in'), 0)::text AS in_minor,
           coalesce(sum(amount::numeric + fee::numeric) FILTER (WHERE direction = 'out'), 0)::text AS out_minor
    FROM ${historyOf(userId)} history
    ${where}
    GROUP BY currency
    ORDER BY currency`.execute(db);
  return result.rows;
}

/**
 * Every history row of a user: transfers they sent, transfers other users sent them, deposits credited
 * to their wallets, and both sides of their exchanges (the currency sold with its fee, and the currency
 * bought).
 */
function historyOf(userId: string) {
  return sql`(
      SELECT 't' || t.id::text AS id,
             CASE WHEN t.method = 'withdrawal' THEN 'withdraw'
                  WHEN t.sender_user_id = ${userId} THEN 'sent' ELSE 'received' END AS type,
             CASE WHEN t.sender_user_id = ${userId} THEN 'out' ELSE 'in' END AS direction,
             t.method, t.status, t.currency, t.amount::text AS amount,
             CASE WHEN t.sender_user_id = ${userId} THEN t.fee ELSE 0 END::text AS fee,
             CASE WHEN t.method = 'withdrawal' THEN t.recipient_name
                  WHEN t.sender_user_id = ${userId} THEN t.recipient_email ELSE s.email END AS counterparty,
             t.memo, CASE WHEN t.sender_user_id = ${userId} THEN c.name END AS app_name, t.created_at
      FROM transfers t JOIN "user" s ON s.id = t.sender_user_id
      LEFT JOIN api_credentials c ON c.id = t.api_credential_id
      WHERE t.sender_user_id = ${userId} OR t.recipient_user_id = ${userId}
      UNION ALL
      SELECT 'd' || lpad(lt.id::text, 20, '0'), 'deposit', 'in', NULL,
             CASE lt.state WHEN 'posted' THEN 'completed' WHEN 'pending' THEN 'pending' ELSE 'failed' END,
             lt.currency, lt.amount::text, '0', NULL, NULL, NULL, lt.created_at
      FROM ledger_transfers lt JOIN ledger_accounts a ON a.id = lt.credit_account_id
      WHERE a.owner_user_id = ${userId} AND a.purpose = 'wallet' AND lt.kind = 'deposit'
      UNION ALL
      SELECT 'x' || side.key || q.id::text, 'exchange', side.direction, NULL, 'completed',
             CASE side.direction WHEN 'out' THEN q.from_currency ELSE q.to_currency END,
             CASE side.direction WHEN 'out' THEN q.amount - q.fee ELSE q.receive END::text,
             CASE side.direction WHEN 'out' THEN q.fee ELSE 0 END::text,
             q.from_currency || ' → ' || q.to_currency, NULL, NULL, q.executed_at
      FROM exchange_quotes q CROSS JOIN (VALUES ('o', 'out'), ('i', 'in')) AS side(key, direction)
      WHERE q.user_id = ${userId} AND q.executed_at IS NOT NULL
  )`;
}

/** One history row as the API shows it. */
export function toHistoryItem(row: HistoryRow): TransactionItem {
  const currency = row.currency;
  return {
    id: row.id,
    type: row.type,
    method: row.method,
    status: row.status,
    currency,
    amount: toDecimalString(BigInt(row.amount), currency),
    fee: toDecimalString(BigInt(row.fee), currency),
    direction: row.direction,
    counterparty: row.counterparty,
    memo: row.memo,
    app: row.app_name === null ? null : { name: row.app_name },
    createdAt: new Date(row.created_at).toISOString(),
  };
}

type TransferSelect = {
  id: string;
  method: TransferMethod;
  status: TransferStatus;
  currency: CurrencyCode;
  amount: string;
  fee: string;
  recipient_name: string;
  recipient_email: string;
  memo: string | null;
  /** The app that sent it (decision 041), for its sender; null or absent otherwise. */
  app_name?: string | null;
  created_at: Date | string;
};

export function toTransfer(row: TransferSelect): Transfer {
  const currency = row.currency;
  const amountMinor = BigInt(row.amount);
  const feeMinor = BigInt(row.fee);
  return {
    id: row.id,
    method: row.method,
    status: row.status,
    currency,
    amount: toDecimalString(amountMinor, currency),
    fee: toDecimalString(feeMinor, currency),
    total: toDecimalString(amountMinor + feeMinor, currency),
    recipientName: row.recipient_name,
    recipientEmail: row.recipient_email,
    memo: row.memo,
    app: row.app_name ? { name: row.app_name } : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** One transfer of its sender (someone else's transfer reads as missing). */
export async function selectOwnTransfer(
  db: Database,
  userId: string,
  transferId: string,
): Promise<Transfer | undefined> {
  const row = await db
    .selectFrom("transfers")
    .leftJoin("api_credentials", "api_credentials.id", "transfers.api_credential_id")
    .select([
      "transfers.id",
      "transfers.method",
      "transfers.status",
      "transfers.currency",
      "transfers.amount",
      "transfers.fee",
      "transfers.recipient_name",
      "transfers.recipient_email",
      "transfers.memo",
      "transfers.created_at",
      // The app is its sender's to see: a payee is not told how the sender sent.
      sql<string | null>`CASE WHEN transfers.sender_user_id = ${userId} THEN api_credentials.name END`.as("app_name"),
    ])
    .where("transfers.id", "=", transferId)
    .where((eb) => eb.or([eb("transfers.sender_user_id", "=", userId), eb("transfers.recipient_user_id", "=", userId)]))
    .executeTakeFirst();
  return row ? toTransfer(row) : undefined;
}

/**
 * The statement that reads what each of these senders' Idempotency-Keys made (a batch's replays), with
 * the hash of the request that made it; `transfersMadeBy` reads its answer.
 */
export function transfersByKeysStatement(db: Database, keys: readonly { senderId: string; idempotencyKey: string }[]) {
  return transfersByKeys(
    db,
    keys.map((key) => key.senderId),
    keys.map((key) => key.idempotencyKey),
  );
}

const transfersByKeys = statementOnce(
  (_db: Database, senderIds: readonly string[], idempotencyKeys: readonly string[]) => sql<TransferMadeByKey>`
    SELECT t.sender_user_id, t.idempotency_key, t.id, t.request_hash
    FROM unnest(${senderIds}::text[], ${idempotencyKeys}::text[]) AS k (sender_user_id, idempotency_key)
    JOIN transfers t ON t.sender_user_id = k.sender_user_id AND t.idempotency_key = k.idempotency_key
  `,
  2,
);

interface TransferMadeByKey {
  sender_user_id: string;
  idempotency_key: string;
  id: string;
  request_hash: string;
}

export function transfersMadeBy(
  rows: readonly unknown[],
): { senderId: string; idempotencyKey: string; id: string; requestHash: string }[] {
  return (rows as TransferMadeByKey[]).map((row) => ({
    senderId: row.sender_user_id,
    idempotencyKey: row.idempotency_key,
    id: row.id,
    requestHash: row.request_hash,
  }));
}

/**
 * The transfer this sender's Idempotency-Key made, if any (the key is unique per sender), with the hash
 * of the request that made it.
 */
export async function selectTransferByKey(
  db: Database,
  senderId: string,
  idempotencyKey: string,
): Promise<{ id: string; requestHash: string } | undefined> {
  const row = await db
    .selectFrom("transfers")
    .select(["id", "request_hash"])
    .where("sender_user_id", "=", senderId)
    .where("idempotency_key", "=", idempotencyKey)
    .executeTakeFirst();
  return row && { id: row.id, requestHash: row.request_hash };
}

/** Every transfer for the admin, newest first, searchable by e-mail, name or id, filtered by status. */
export async function selectAdminTransfers(
  db: Database,
  options: { search?: string; status?: TransferStatus; limit: number; after?: Cursor },
): Promise<Array<AdminTransfer & { cursorAt: string }>> {
  let query = db
    .selectFrom("transfers")
    .innerJoin("user", "user.id", "transfers.sender_user_id")
    .leftJoin("profiles", "profiles.user_id", "transfers.sender_user_id")
    .leftJoin("api_credentials", "api_credentials.id", "transfers.api_credential_id")
    .select([
      "transfers.id",
      "transfers.method",
      "transfers.status",
      "transfers.currency",
      "transfers.amount",
      "transfers.fee",
      "transfers.recipient_name",
      "transfers.recipient_email",
      "transfers.recipient_bank_name",
      "transfers.crypto_address",
      "transfers.crypto_network",
      "transfers.memo",
      "transfers.created_at",
      "api_credentials.name as app_name",
      "user.email as sender_email",
      "profiles.first_name",
      "profiles.last_name",
    ]);
  if (options.status) {
    query = query.where("transfers.status", "=", options.status);
  }
  if (options.search) {
    const pattern = `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb("user.email", "ilike", pattern),
        eb("transfers.recipient_email", "ilike", pattern),
        eb("transfers.recipient_name", "ilike", pattern),
        eb(sql`transfers.id::text`, "ilike", pattern),
      ]),
    );
  }
  const page = { time: "transfers.created_at", id: "transfers.id", limit: options.limit, after: options.after };
  const rows = await keysetPage(query, page).execute();
  return rows.map((row) => ({
    ...toTransfer(row),
    senderEmail: row.sender_email,
    senderName: `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim(),
    cryptoAddress: row.crypto_address,
    cryptoNetwork: row.crypto_network,
    recipientBankName: row.recipient_bank_name,
    cursorAt: row.cursor_at,
  }));
}
