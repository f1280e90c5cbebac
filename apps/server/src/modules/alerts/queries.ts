import type { CurrencyCode } from "@ferry/core/currencies";
import { type Insertable, type Selectable, sql, type Updateable } from "kysely";
import { compiledOnce } from "../../db/compiled-once.ts";
import type { Cursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { lockKey } from "../../db/locks.ts";
import { keysetPage } from "../../db/page.ts";
import type { DB } from "../../db/schema.ts";

/** The columns a rule request writes (everything but its owner, state and timestamps). */
export type AlertRuleColumns = Pick<
  Insertable<DB["alert_rules"]>,
  "type" | "method" | "is_enabled" | "currency" | "amount" | "direction" | "security_events" | "is_below"
>;

export type AlertRuleRow = Selectable<DB["alert_rules"]>;

/** A rule with how often and when it last fired. */
export type AlertRuleWithFirings = AlertRuleRow & { last_fired_at: Date | string | null; fired_count: string };

function selectRulesWithFirings(db: Database) {
  return db
    .selectFrom("alert_rules")
    .selectAll("alert_rules")
    .select((eb) => [
      eb
        .selectFrom("alert_firings")
        .select((inner) => inner.fn.max("alert_firings.created_at").as("last"))
        .whereRef("alert_firings.alert_rule_id", "=", "alert_rules.id")
        .as("last_fired_at"),
      eb
        .selectFrom("alert_firings")
        .select((inner) => inner.fn.countAll<string>().as("count"))
        .whereRef("alert_firings.alert_rule_id", "=", "alert_rules.id")
        .as("fired_count"),
    ]);
}

/** The user's rules, newest first, after `after`; one row past `limit`. */
export async function selectAlertRules(db: Database, options: { userId: string; limit: number; after?: Cursor }) {
  const query = selectRulesWithFirings(db).where("alert_rules.user_id", "=", options.userId);
  const rows = await keysetPage(query, {
    time: "alert_rules.created_at",
    id: "alert_rules.id",
    limit: options.limit,
    after: options.after,
  }).execute();
  return rows as (AlertRuleWithFirings & { cursor_at: string })[];
}

/** One rule of the user's with its firings; undefined when they have none with this id. */
export async function selectAlertRule(db: Database, userId: string, id: string) {
  const row = await selectRulesWithFirings(db)
    .where("alert_rules.id", "=", id)
    .where("alert_rules.user_id", "=", userId)
    .executeTakeFirst();
  return row as AlertRuleWithFirings | undefined;
}

/**
 * Takes the user's alert-rules lock until the transaction ends, so counting and inserting cannot
 * interleave with another request of theirs.
 */
export async function lockUserAlertRules(trx: Database, userId: string): Promise<void> {
  await lockKey(trx, `alert-rules|${userId}`);
}

export async function countAlertRules(db: Database, userId: string): Promise<number> {
  const count = await db
    .selectFrom("alert_rules")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(count.count);
}

export async function insertAlertRule(db: Database, userId: string, columns: AlertRuleColumns): Promise<string> {
  const row = await db
    .insertInto("alert_rules")
    .values({ user_id: userId, ...columns })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces a rule of the user's; whether they had one with this id. */
export async function updateAlertRuleRow(
  db: Database,
  userId: string,
  id: string,
  columns: AlertRuleColumns,
): Promise<boolean> {
  const result = await db
    .updateTable("alert_rules")
    .set({ ...columns, updated_at: new Date() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes a rule of the user's (its firings with it); whether there was one. */
export async function deleteAlertRuleRow(db: Database, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("alert_rules")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Which of these users have any alert rule at all: one read that spares the others' rule reads. */
export async function selectUsersWithRules(db: Database, userIds: readonly string[]): Promise<Set<string>> {
  const rows = await usersWithRulesAmong(db, userIds);
  return new Set(rows.map((row) => row.user_id));
}

/** Compiled once: every batch of transfers reads it (issue 31). */
const usersWithRulesAmong = compiledOnce(
  (db: Database, userIds: readonly string[]) =>
    db.selectFrom("alert_rules").select("user_id").distinct().where(sql<boolean>`user_id = ANY(${userIds})`),
  1,
);

/**
 * What a movement of money can fire, in one read: the user's enabled transaction rules it meets
 * (currency, direction, at least their amount), and their balance rules of the currency (see
 * `selectBalanceRulesForUpdate`). Locked in id order until the transaction ends.
 */
export async function selectRulesForMovementForUpdate(
  db: Database,
  match: { userId: string; currency: CurrencyCode; direction: "incoming" | "outgoing"; amountMinor: bigint },
): Promise<AlertRuleRow[]> {
  return db
    .selectFrom("alert_rules")
    .selectAll()
    .where("user_id", "=", match.userId)
    .where("currency", "=", match.currency)
    .where((eb) =>
      eb.or([
        eb.and([
          eb("type", "=", "transaction"),
          eb("is_enabled", "=", true),
          eb("direction", "in", [match.direction, "both"]),
          eb("amount", "<=", match.amountMinor.toString()),
        ]),
        eb("type", "=", "balance"),
      ]),
    )
    .orderBy("id")
    .forUpdate()
    .execute();
}

/**
 * The user's balance rules in `currency`, enabled or not (a disabled rule still follows the balance,
 * so enabling it later does not fire on an old fall), locked in id order until the transaction ends:
 * two events of the user that commit together see each other's `is_below`.
 */
export async function selectBalanceRulesForUpdate(
  db: Database,
  userId: string,
  currency: CurrencyCode,
): Promise<AlertRuleRow[]> {
  return db
    .selectFrom("alert_rules")
    .selectAll()
    .where("user_id", "=", userId)
    .where("type", "=", "balance")
    .where("currency", "=", currency)
    .orderBy("id")
    .forUpdate()
    .execute();
}

export async function updateIsBelow(db: Database, ruleId: string, isBelow: boolean): Promise<void> {
  await db.updateTable("alert_rules").set({ is_below: isBelow }).where("id", "=", ruleId).execute();
}

/** The user's enabled security rules that name `event`. */
export async function selectSecurityRules(db: Database, userId: string, event: string): Promise<AlertRuleRow[]> {
  return db
    .selectFrom("alert_rules")
    .selectAll()
    .where("user_id", "=", userId)
    .where("type", "=", "security")
    .where("is_enabled", "=", true)
    .where(sql<boolean>`${event} = ANY (security_events)`)
    .orderBy("id")
    .execute();
}

/**
 * Records that a rule fired for an event and returns the firing's id; null when it already had (the
 * unique key of the pair), and then the caller delivers nothing.
 */
export async function insertFiring(
  db: Database,
  firing: Omit<Insertable<DB["alert_firings"]>, "id" | "created_at">,
): Promise<string | null> {
  const row = await db
    .insertInto("alert_firings")
    .values(firing)
    .onConflict((oc) => oc.columns(["alert_rule_id", "event_key"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Records what a firing delivered, once its message was sent or refused. */
export async function updateFiringDelivery(
  db: Database,
  firingId: string,
  outcome: Pick<Updateable<DB["alert_firings"]>, "delivery" | "delivery_note">,
): Promise<void> {
  await db.updateTable("alert_firings").set(outcome).where("id", "=", firingId).execute();
}

/** Deletes every alert rule of the user's (their firings go with them). */
export async function deleteAlertRulesOf(db: Database, userId: string): Promise<void> {
  await db.deleteFrom("alert_rules").where("user_id", "=", userId).execute();
}
