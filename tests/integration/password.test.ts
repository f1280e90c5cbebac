import { MESSAGES } from "@ferry/core/messages";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  buildTestApp,
  createSignedInUser,
  getMe,
  mailTo,
  randomIp,
  readLinkToken,
  send,
  signIn,
  submitPassword,
  type TestApp,
  uniqueEmail,
} from "./helpers.ts";

const NEW_PASSWORD = "Renewed#Pass2026";

let ferry: TestApp;

beforeAll(async () => {
  ferry = await buildTestApp();
});

afterAll(async () => {
  await ferry?.close();
});

/** The audit rows about a user's password: action, actor, subject, client address and details. */
async function passwordAuditRows(userId: string) {
  return ferry.db
    .selectFrom("audit_log")
    .select(["action", "actor_user_id", "subject_type", "client_address", "details"])
    .where("subject_id", "=", userId)
    .where("action", "like", "password.%")
    .orderBy("id")
    .execute();
}

async function requestReset(email: string, ip: string) {
  return send(ferry.app, {
    method: "POST",
    url: "/api/auth/request-password-reset",
    ip,
    payload: { email, redirectTo: "/forgot-password" },
  });
}

async function resetPassword(token: string, newPassword: string, ip: string) {
  return send(ferry.app, { method: "POST", url: "/api/auth/reset-password", ip, payload: { token, newPassword } });
}

describe("password reset", () => {
  test("answers the same for an unknown and a known e-mail, and mails only the known one", async () => {
    const user = await createSignedInUser(ferry, { label: "reset-known" });
    const unknownEmail = uniqueEmail("reset-unknown");

    const forUnknown = await requestReset(unknownEmail, randomIp());
    const forKnown = await requestReset(user.email, user.ip);

    expect(forKnown.statusCode).toBe(200);
    expect(forUnknown.statusCode).toBe(forKnown.statusCode);
    expect(forUnknown.body).toBe(forKnown.body);
    expect(await mailTo(ferry.db, unknownEmail)).toEqual([]);
    const resetMail = (await mailTo(ferry.db, user.email))[0];
    expect(resetMail.subject).toBe("Reset your password");
    expect(resetMail.text_body).toContain("http://localhost:3000/forgot-password?token=");
  });

  test("refuses a weak new password and keeps the token usable", async () => {
    const user = await createSignedInUser(ferry, { label: "reset-weak" });
    await requestReset(user.email, user.ip);
    const token = await readLinkToken(ferry.db, user.email, "Reset your password", "/forgot-password");

    const weak = await resetPassword(token, "weakpassword", user.ip);

    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toMatchObject({
      code: "validation_failed",
      fields: { newPassword: MESSAGES.invalidPassword },
    });
    expect((await getMe(ferry.app, user.cookie, user.ip)).statusCode).toBe(200);
    expect((await resetPassword(token, NEW_PASSWORD, user.ip)).statusCode).toBe(200);
  });

  test("a good new password ends the old session, retires the old password and signs in with the new one", async () => {
    const user = await createSignedInUser(ferry, { label: "reset-good" });
    await requestReset(user.email, user.ip);
    const token = await readLinkToken(ferry.db, user.email, "Reset your password", "/forgot-password");

    const reset = await resetPassword(token, NEW_PASSWORD, user.ip);

    expect(reset.statusCode).toBe(200);
    expect((await getMe(ferry.app, user.cookie, user.ip)).statusCode).toBe(401);
    const oldPassword = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: user.ip });
    expect(oldPassword.response.statusCode).toBe(401);
    const { cookie } = await signIn(ferry, user.email, NEW_PASSWORD, { ip: user.ip });
    expect((await getMe(ferry.app, cookie, user.ip)).json()).toMatchObject({ userId: user.userId });
    expect(await passwordAuditRows(user.userId)).toEqual([
      {
        action: "password.reset",
        actor_user_id: user.userId,
        subject_type: "user",
        client_address: user.ip,
        details: { allSessionsRevoked: true },
      },
    ]);
  });

  test("a reset link works only once", async () => {
    const user = await createSignedInUser(ferry, { label: "reset-once" });
    await requestReset(user.email, user.ip);
    const token = await readLinkToken(ferry.db, user.email, "Reset your password", "/forgot-password");
    expect((await resetPassword(token, NEW_PASSWORD, user.ip)).statusCode).toBe(200);

    const reused = await resetPassword(token, "Another#Pass2026", user.ip);

    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe("invalid_token");
  });
});

describe("password change", () => {
  // Spec §5's password rule is enforced on sign-up and reset (BODY_SCHEMAS in modules/auth/routes.ts),
  // but Better Auth's /change-password is proxied without it and only checks the length.
  test("refuses a weak new password when a signed-in user changes it", async () => {
    const user = await createSignedInUser(ferry, { label: "change-weak" });

    const response = await send(ferry.app, {
      method: "POST",
      url: "/api/auth/change-password",
      ip: user.ip,
      cookie: user.cookie,
      payload: { currentPassword: user.password, newPassword: "weakpassword" },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("validation_failed");
    expect(await passwordAuditRows(user.userId)).toEqual([]);
    const weakSignIn = await submitPassword(ferry.app, { email: user.email, password: "weakpassword", ip: user.ip });
    expect(weakSignIn.response.statusCode).toBe(401);
  });

  test("is audited as the user's own action, with the address; a wrong current password is not", async () => {
    const user = await createSignedInUser(ferry, { label: "change-audit" });
    const change = (currentPassword: string) =>
      send(ferry.app, {
        method: "POST",
        url: "/api/auth/change-password",
        ip: user.ip,
        cookie: user.cookie,
        payload: { currentPassword, newPassword: NEW_PASSWORD },
      });

    expect((await change("Not-the#password1")).statusCode).toBe(400);
    expect(await passwordAuditRows(user.userId)).toEqual([]);
    const changed = await change(user.password);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await passwordAuditRows(user.userId)).toEqual([
      {
        action: "password.change",
        actor_user_id: user.userId,
        subject_type: "user",
        client_address: user.ip,
        details: { otherSessionsRevoked: true },
      },
    ]);
  });
});
