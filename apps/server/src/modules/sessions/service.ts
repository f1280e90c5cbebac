import { describeDevice, devicePartsOf, type RevokedSessions, type SessionList } from "@ferry/core/contracts/sessions";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../errors.ts";
import { type AuditActor, recordAdminAction } from "../audit/service.ts";
import { sessionTimeoutMinutesOf } from "../settings/service.ts";
import {
  deleteOtherSessionsOf,
  deleteSessionById,
  deleteSessionOf,
  selectLastActiveAt,
  selectLiveSessionsOf,
  updateLastActiveAt,
} from "./queries.ts";

/** Activity is written at most once per this interval per session (decision 038). */
export const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

const MINUTE_MS = 60_000;

/** One signed-in request, as the idle check sees it. */
export interface SessionRequest {
  readonly sessionId: string;
  readonly userId: string;
  /** Marked by the web as its own polling (core's BACKGROUND_REQUEST_HEADER): checked, never activity. */
  readonly isBackground: boolean;
  /** The session's last activity as the session read found it, in this request; read here when absent. */
  readonly lastActiveAt?: Date;
  /** The owner's idle timeout in minutes (null: never) as the session read found it; read here when absent. */
  readonly idleTimeoutMinutes?: number | null;
}

/** What the idle check decided: the session ended, or lives on with this many seconds left (null: no limit). */
export type SessionVerdict =
  | { readonly isAlive: false }
  | { readonly isAlive: true; readonly expiresInSeconds: number | null };

/**
 * The idle timeout of every signed-in request, in whatever process serves it (the state is the
 * session row): a session idle for longer than its owner's timeout is deleted and the request is
 * answered as a signed-out one. Otherwise a request the person caused records activity — at most once
 * a minute, by a conditional UPDATE — and a background one changes nothing.
 */
export async function admitSessionRequest(
  db: Database,
  clock: Clock,
  request: SessionRequest,
): Promise<SessionVerdict> {
  const now = clock.now();
  const [timeoutMinutes, lastActiveAt] = await Promise.all([
    request.idleTimeoutMinutes === undefined ? sessionTimeoutMinutesOf(db, request.userId) : request.idleTimeoutMinutes,
    request.lastActiveAt ?? selectLastActiveAt(db, request.sessionId),
  ]);
  if (!lastActiveAt) {
    return { isAlive: false };
  }
  const timeoutMs = timeoutMinutes === null ? null : timeoutMinutes * MINUTE_MS;
  if (timeoutMs !== null && now.getTime() - lastActiveAt.getTime() > timeoutMs) {
    await deleteSessionById(db, request.sessionId);
    return { isAlive: false };
  }
  let activeAt = lastActiveAt;
  const notBefore = new Date(now.getTime() - ACTIVITY_WRITE_INTERVAL_MS);
  // Written at most once a minute: a record newer than that is left as it is, without asking.
  if (!request.isBackground && lastActiveAt < notBefore) {
    activeAt = (await updateLastActiveAt(db, request.sessionId, now, notBefore)) ?? lastActiveAt;
  }
  if (timeoutMs === null) {
    return { isAlive: true, expiresInSeconds: null };
  }
  const leftMs = timeoutMs - (now.getTime() - activeAt.getTime());
  return { isAlive: true, expiresInSeconds: Math.max(0, Math.floor(leftMs / 1000)) };
}

/** The user's live sessions, the most recently active first, with "This device" marked. */
export async function listSessions(
  db: Database,
  clock: Clock,
  viewer: { userId: string; sessionId: string },
): Promise<SessionList> {
  const now = clock.now();
  const timeoutMinutes = await sessionTimeoutMinutesOf(db, viewer.userId);
  // A session idle past the timeout is over, though no request has come to delete it yet.
  const idleSince = timeoutMinutes === null ? null : new Date(now.getTime() - timeoutMinutes * MINUTE_MS);
  const rows = await selectLiveSessionsOf(db, viewer.userId, now, idleSince);
  return {
    items: rows.map((row) => ({
      id: row.id,
      device: describeDevice(devicePartsOf(row.userAgent)),
      ...devicePartsOf(row.userAgent),
      ipAddress: row.ipAddress,
      createdAt: new Date(row.createdAt).toISOString(),
      lastActiveAt: new Date(row.lastActiveAt).toISOString(),
      isCurrent: row.id === viewer.sessionId,
    })),
  };
}

/**
 * Signs out one of the user's sessions: its row goes, so its very next request finds none (Better
 * Auth reads the session from the database on every request; its cookie cache is off). Audited.
 */
export async function revokeSession(db: Database, actor: AuditActor, sessionId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await deleteSessionOf(trx, actor.userId, sessionId))) {
      throw new AppError("not_found", "Session not found");
    }
    await recordAdminAction(trx, {
      actor,
      action: "session.revoke",
      subjectType: "session",
      subjectId: sessionId,
      before: { signedIn: true },
      after: null,
      details: { userId: actor.userId },
    });
  });
}

/** "Sign out everywhere else": every session of the user's but the one asking. Audited, one row per session. */
export async function revokeOtherSessions(
  db: Database,
  actor: AuditActor,
  currentSessionId: string,
): Promise<RevokedSessions> {
  return db.transaction().execute(async (trx) => {
    const revoked = await deleteOtherSessionsOf(trx, actor.userId, currentSessionId);
    for (const sessionId of revoked) {
      await recordAdminAction(trx, {
        actor,
        action: "session.revoke",
        subjectType: "session",
        subjectId: sessionId,
        before: { signedIn: true },
        after: null,
        details: { userId: actor.userId, everywhereElse: true },
      });
    }
    return { revoked: revoked.length };
  });
}
