import type { Database } from "../../db/database.ts";
import { getProfile } from "../profile/service.ts";
import { notificationSettingsOf } from "../settings/service.ts";
import { smsChannelOf } from "./delivery.ts";
import { deleteSmsMessagesOf, insertSmsMessage } from "./outbox.ts";

/*
 * The SMS module's public file (issue 27; docs/decisions/039-sms-and-alert-methods.md): whether a
 * user can be sent text messages, and `sendSms`, which writes one to the outbox. Other modules import
 * only this file; the outbox, the provider's delivery and the development outbox are the module's own.
 */

/**
 * Why a text message cannot go to a user: SMS is off in their Notification Preferences, their profile
 * has no phone number, or Ferry has no SMS provider (production without SMS_URL).
 */
export type SmsRefusal = "sms_off" | "sms_no_phone" | "sms_unavailable";

/** Whether text messages can reach the user now, and their number when they can. */
export type SmsReach =
  | { readonly canSend: true; readonly phone: string }
  | { readonly canSend: false; readonly reason: SmsRefusal };

/** Whether Ferry can send the user a text message now; the provider is checked first, then their choices. */
export async function smsReachOf(db: Database, userId: string): Promise<SmsReach> {
  if (!smsChannelOf(db)) {
    return { canSend: false, reason: "sms_unavailable" };
  }
  if (!(await notificationSettingsOf(db, userId)).smsNotifications) {
    return { canSend: false, reason: "sms_off" };
  }
  const phone = (await getProfile(db, userId)).phone.trim();
  if (phone === "") {
    return { canSend: false, reason: "sms_no_phone" };
  }
  return { canSend: true, phone };
}

/**
 * Writes a text message to the user's profile phone, in the caller's transaction (pass the one of the
 * event, so the message exists exactly when the event commits): with a provider its delivery job is
 * queued in it too; without, outside production, it stays in the development outbox. Nothing is
 * written when the user cannot be reached: the answer says what happened, for the caller to record.
 */
export async function sendSms(db: Database, userId: string, text: string): Promise<"sms_queued" | SmsRefusal> {
  const reach = await smsReachOf(db, userId);
  if (!reach.canSend) {
    return reach.reason;
  }
  const channel = smsChannelOf(db);
  if (channel?.kind !== "provider") {
    await insertSmsMessage(db, { userId, to: reach.phone, text });
    return "sms_queued";
  }
  if (!db.isTransaction) {
    // The row and its job commit together even when the caller has no transaction of its own.
    return db.transaction().execute((trx) => sendSms(trx, userId, text));
  }
  await channel.queue.queueDelivery(db, await insertSmsMessage(db, { userId, to: reach.phone, text }));
  return "sms_queued";
}

/** Deletes every text message to the user, in the caller's transaction: their account is being closed. */
export async function deleteAllTextMessagesOf(trx: Database, userId: string): Promise<void> {
  await deleteSmsMessagesOf(trx, userId);
}
