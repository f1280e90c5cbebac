import {
  ADMIN_DETAIL_RECENT_HELP_REQUESTS,
  ADMIN_DETAIL_RECENT_TRANSACTIONS,
  type AdminEmailRequest,
  type AdminHelpRequestRequest,
  type AdminUserBalance,
  type AdminUserDetail,
  type AdminUserList,
  type AdminUserListQuery,
  USER_ID_PATTERN,
} from "@ferry/core/contracts/admin";
import type { HelpRequestSummary } from "@ferry/core/contracts/help";
import { toDecimalString } from "@ferry/core/money";
import type { Clock } from "../../clock.ts";
import { decodeCursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { lockKey } from "../../db/locks.ts";
import { paginate } from "../../db/page.ts";
import { AppError } from "../../errors.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import { deleteAllAlertRulesOf } from "../alerts/service.ts";
import { type AuditActor, recordAdminAction } from "../audit/service.ts";
import { endSignInFor, listLiveSessions } from "../auth/service.ts";
import { getBalances } from "../balances/service.ts";
import { countPendingDepositsOf } from "../deposits/service.ts";
import { deleteAllDestinationsOf } from "../destinations/service.ts";
import { listCustomerRequests, openRequestForCustomer } from "../help/service.ts";
import { eraseKycDocuments } from "../kyc/service.ts";
import { lockHoldingsOf, readWalletBalancesOf } from "../ledger/service.ts";
import { adminMessageMail, deleteAllMailTo, enqueueMail } from "../mail/service.ts";
import { deleteAllNotificationsOf } from "../notifications/service.ts";
import { deleteAllPasskeysOf } from "../passkeys/service.ts";
import { eraseProfile, getProfile } from "../profile/service.ts";
import { deleteAllTextMessagesOf } from "../sms/service.ts";
import { listRecentHistoryOf } from "../transfers/service.ts";
import { deleteAllWebhooksOf } from "../webhooks/service.ts";
import {
  deleteUserSessions,
  isActiveAdmin,
  lockOpenUser,
  pseudonymiseAndClose,
  selectOpenUser,
  selectUsers,
  updateUserBanned,
} from "./queries.ts";

const USER_NOT_FOUND = "User not found";

/** One page of users for the admin, newest first, searched by name or e-mail, with what each holds. */
export async function listUsers(db: Database, query: AdminUserListQuery): Promise<AdminUserList> {
  const after = decodeCursor(query.cursor, USER_ID_PATTERN);
  const rows = await selectUsers(db, { search: query.search, limit: query.limit, after });
  const balances = await readWalletBalancesOf(
    db,
    rows.map((row) => row.userId),
  );
  const heldBy = (userId: string): AdminUserBalance[] =>
    (balances.get(userId) ?? [])
      .filter((balance) => balance.balanceMinor !== 0n)
      .map((balance) => ({
        currency: balance.currency,
        balance: toDecimalString(balance.balanceMinor, balance.currency),
      }));
  return paginate(
    rows,
    query.limit,
    (row) => ({ createdAt: row.cursorAt, id: row.userId }),
    ({ cursorAt: _cursorAt, ...user }) => ({ ...user, balances: heldBy(user.userId) }),
  );
}

/**
 * Takes the one lock every change that can remove an admin (a ban, a closure) holds, then checks that
 * the acting admin still is one. Two admins banning each other at once run one after the other, and
 * the second finds its actor banned and is refused. So the actor — an admin other than the subject,
 * who stays — is always left: the last admin can never be removed.
 */
async function lockRosterAsActiveAdmin(
  trx: Database,
  actor: AuditActor,
  userId: string,
  verb: "ban" | "delete",
): Promise<void> {
  if (actor.userId === userId) {
    throw AppError.written("conflict", ({ t }) => ({
      message: verb === "ban" ? t("You cannot ban your own account") : t("You cannot delete your own account"),
    }));
  }
  await lockKey(trx, "admin-roster");
  if (!(await isActiveAdmin(trx, actor.userId))) {
    throw new AppError("forbidden", "You don't have permission to access this page.");
  }
}

/**
 * Bans or unbans a user. Banning ends every session of theirs in the same transaction, so a banned
 * user is signed out everywhere at once (and the guards refuse a banned account even if a session
 * survived). An admin cannot ban themselves, and the last admin cannot be removed. Both are audited.
 */
export async function setUserBanned(db: Database, actor: AuditActor, userId: string, isBanned: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockRosterAsActiveAdmin(trx, actor, userId, "ban");
    if (!(await lockOpenUser(trx, userId))) {
      throw new AppError("not_found", USER_NOT_FOUND);
    }
    const updated = await updateUserBanned(trx, userId, isBanned);
    if (!updated) {
      throw new AppError("not_found", USER_NOT_FOUND);
    }
    if (isBanned) {
      await deleteUserSessions(trx, userId);
    }
    await recordAdminAction(trx, {
      actor,
      action: isBanned ? "user.ban" : "user.unban",
      subjectType: "user",
      subjectId: userId,
      before: { status: statusOf(updated.wasBanned) },
      after: { status: statusOf(isBanned) },
    });
  });
}

function statusOf(isBanned: boolean): "banned" | "active" {
  return isBanned ? "banned" : "active";
}

/**
 * Refuses to close an account that still holds money or has money in flight: a closure never
 * destroys money, so the balance is paid out (or the investment withdrawn, the transfer settled, the
 * deposit reviewed) first. Its accounts stay locked until the closure commits.
 */
async function refuseWhileHoldingMoney(trx: Database, userId: string): Promise<void> {
  const holdings = await lockHoldingsOf(trx, userId);
  if (holdings.heldIn.some((held) => held.purpose === "investment")) {
    throw new AppError(
      "conflict",
      "This user still holds an investment: it must be withdrawn before the account is deleted",
    );
  }
  if (holdings.heldIn.length > 0) {
    const currencies = [...new Set(holdings.heldIn.map((held) => held.currency))].join(", ");
    throw new AppError(
      "conflict",
      `This user still holds a balance in ${currencies}: it must be paid out before the account is deleted`,
    );
  }
  if (holdings.pendingTransferCount > 0 || (await countPendingDepositsOf(trx, userId)) > 0) {
    throw new AppError(
      "conflict",
      "This user has a pending transfer or deposit: it must be settled before the account is deleted",
    );
  }
}

/**
 * Deletes a user as Ferry can without destroying money or history (spec §7 delete-user, the right to
 * erasure): refused while they hold money; otherwise every way they sign in ends, their personal data
 * is erased (profile, saved destinations, notifications, alert rules, text messages, webhook endpoints,
 * identity documents) and the user row is pseudonymised and closed, so their ledger accounts and
 * transfers stay, under the pseudonym, and reconcile as before. One transaction, audited. An admin
 * cannot delete themselves or the last admin.
 */
export async function closeAccount(
  db: Database,
  kycStorage: FileStorage,
  actor: AuditActor,
  userId: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockRosterAsActiveAdmin(trx, actor, userId, "delete");
    const user = await lockOpenUser(trx, userId);
    if (!user) {
      throw new AppError("not_found", USER_NOT_FOUND);
    }
    await refuseWhileHoldingMoney(trx, userId);
    await endSignInFor(trx, user);
    await deleteAllPasskeysOf(trx, userId);
    await eraseProfile(trx, userId);
    await deleteAllDestinationsOf(trx, userId);
    await deleteAllNotificationsOf(trx, userId);
    await deleteAllAlertRulesOf(trx, userId);
    await deleteAllTextMessagesOf(trx, userId);
    await deleteAllWebhooksOf(trx, userId);
    await deleteAllMailTo(trx, user.email);
    await eraseKycDocuments(trx, kycStorage, userId);
    await pseudonymiseAndClose(trx, userId, actor.userId);
    await recordAdminAction(trx, {
      actor,
      action: "user.delete",
      subjectType: "user",
      subjectId: userId,
      before: { status: statusOf(user.banned === true) },
      after: { status: "closed" },
    });
  });
}

/** A user whose account is open, or a 404. */
async function requireOpenUser(db: Database, userId: string): Promise<{ id: string; email: string }> {
  const user = await selectOpenUser(db, userId);
  if (!user) {
    throw new AppError("not_found", USER_NOT_FOUND);
  }
  return user;
}

/** One user as the admin's detail view shows them: profile, balances, recent money and help, sessions. */
export async function getUserDetail(db: Database, clock: Clock, userId: string): Promise<AdminUserDetail> {
  await requireOpenUser(db, userId);
  const [profile, balances, recentTransactions, help, sessions] = await Promise.all([
    getProfile(db, userId),
    getBalances(db, userId),
    listRecentHistoryOf(db, userId, ADMIN_DETAIL_RECENT_TRANSACTIONS),
    listCustomerRequests(db, clock, userId, { limit: ADMIN_DETAIL_RECENT_HELP_REQUESTS }),
    listLiveSessions(db, userId, clock.now()),
  ]);
  const { accountType: _accountType, ...shown } = profile;
  return {
    profile: shown,
    balances: balances.balances,
    recentTransactions,
    recentHelpRequests: help.items,
    sessions,
  };
}

/**
 * Contact User's Send Email (spec §7 send-admin-email): queued through the mail queue in the same
 * transaction as its audit row, so the e-mail goes exactly when the action is recorded.
 */
export async function sendEmailToUser(
  db: Database,
  actor: AuditActor,
  userId: string,
  request: AdminEmailRequest,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await requireOpenUser(trx, userId);
    await enqueueMail(trx, adminMessageMail(user.email, request));
    await recordAdminAction(trx, {
      actor,
      action: "user.email",
      subjectType: "user",
      subjectId: userId,
      before: null,
      after: null,
      details: { subject: request.subject },
    });
  });
}

/** Contact User's Create Help Request: opened for an open account through the help desk's own rules. */
export async function createHelpRequestForUser(
  deps: { db: Database; clock: Clock },
  actor: AuditActor,
  userId: string,
  request: AdminHelpRequestRequest,
): Promise<HelpRequestSummary> {
  await requireOpenUser(deps.db, userId);
  return openRequestForCustomer(deps.db, deps.clock, actor, userId, request);
}
