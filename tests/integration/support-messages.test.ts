import { randomInt, randomUUID } from "node:crypto";
import { SUPPORT_MESSAGE_MESSAGES } from "@ferry/core/contracts/support";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, createSignedInUser, mailTo, randomIp, send, type TestApp, uniqueEmail } from "./helpers.ts";
import { sendAs } from "./money-helpers-deposits.ts";

/*
 * Issue 14: the /support contact form reaches support — a signed-in customer's message opens a help
 * request, a visitor's is e-mailed to SUPPORT_EMAIL — throttled per address and per e-mail, with a
 * honeypot; and the public fee schedule the /tools calculators price with.
 */

const URL = "/api/v1/support/messages";

let ferry: TestApp;
/** Each test file's own support address, so its outbox rows are its own. */
const supportEmail = `support-${randomUUID()}@ferry.test`;

beforeAll(async () => {
  ferry = await buildTestApp({
    SUPPORT_EMAIL: supportEmail,
    FEE_BANK_BPS: "45",
    FEE_CRYPTO_BPS: "120",
    FEE_FERRY_USER_BPS: "0",
    INVEST_DAILY_RATE: "0.015",
  });
});

afterAll(async () => {
  await ferry?.close();
});

function contactForm(overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Grace",
    lastName: "Hopper",
    email: uniqueEmail("visitor"),
    subject: "Question about fees",
    message: "How much does a bank transfer to Germany cost?",
    website: "",
    ...overrides,
  };
}

async function mailForSupport(subjectIncludes: string) {
  return (await mailTo(ferry.db, supportEmail)).filter((mail) => mail.subject.includes(subjectIncludes));
}

describe("POST /api/v1/support/messages", () => {
  test("a visitor's message is queued as an e-mail to the support address, with who to answer", async () => {
    const form = contactForm({ subject: `Visitor question ${randomUUID()}` });
    const response = await send(ferry.app, { method: "POST", url: URL, ip: randomIp(), payload: form, origin: null });

    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ channel: "email", helpRequestId: null });
    const mails = await mailForSupport(form.subject);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Contact form: ${form.subject}`);
    expect(mails[0].text_body).toContain(`Grace Hopper <${form.email}>`);
    expect(mails[0].text_body).toContain(form.message);
    // Nothing is ever sent to the address a visitor typed: the form cannot mail strangers.
    expect(await mailTo(ferry.db, form.email)).toEqual([]);
  });

  test("a signed-in customer's message opens a help request of medium priority in their /help, and e-mails nobody", async () => {
    const customer = await createSignedInUser(ferry, { label: "support-form" });
    const subject = `Signed-in question ${randomUUID()}`;
    const response = await sendAs(ferry.app, customer, "POST", URL, contactForm({ subject, email: customer.email }));

    expect(response.statusCode, response.body).toBe(201);
    const receipt = response.json();
    expect(receipt).toEqual({ channel: "help_request", helpRequestId: expect.any(String) });
    const request = await sendAs(ferry.app, customer, "GET", `/api/v1/help-requests/${receipt.helpRequestId}`);
    expect(request.statusCode).toBe(200);
    expect(request.json()).toMatchObject({
      subject,
      message: "How much does a bank transfer to Germany cost?",
      priority: "medium",
      status: "open",
    });
    expect(await mailForSupport(subject)).toEqual([]);
  });

  test("after 5 messages an hour from one address the next is refused with 429 and Retry-After, and not sent", async () => {
    const ip = randomIp();
    const subject = `Throttled ${randomUUID()}`;
    for (let sent = 0; sent < 5; sent += 1) {
      const form = contactForm({ subject, email: uniqueEmail("throttled") });
      const response = await send(ferry.app, { method: "POST", url: URL, ip, payload: form });
      expect(response.statusCode, response.body).toBe(202);
    }
    const refused = await send(ferry.app, { method: "POST", url: URL, ip, payload: contactForm({ subject }) });

    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("rate_limited");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(await mailForSupport(subject)).toHaveLength(5);
  });

  test("after 5 messages an hour for one e-mail address the next is refused, whatever address sends it", async () => {
    const email = uniqueEmail("same-sender");
    for (let sent = 0; sent < 5; sent += 1) {
      const response = await send(ferry.app, {
        method: "POST",
        url: URL,
        ip: randomIp(),
        payload: contactForm({ email }),
      });
      expect(response.statusCode, response.body).toBe(202);
    }
    const refused = await send(ferry.app, {
      method: "POST",
      url: URL,
      ip: randomIp(),
      payload: contactForm({ email: email.toUpperCase() }),
    });

    expect(refused.statusCode).toBe(429);
  });

  test("counts one mailbox however its address is written: Same+1@Example.com is same@example.com (issue 24)", async () => {
    const local = `same-${randomUUID()}`;
    const subject = `Sub-addressed ${randomUUID()}`;
    const spellings = [
      `${local}@ferry.test`,
      `${local}+1@ferry.test`,
      `${local.toUpperCase()}+2@FERRY.TEST`,
      `${local}+support@Ferry.Test`,
      `${local}+@ferry.test`,
    ];
    for (const email of spellings) {
      const response = await send(ferry.app, {
        method: "POST",
        url: URL,
        ip: randomIp(),
        payload: contactForm({ subject, email }),
      });
      expect(response.statusCode, response.body).toBe(202);
    }

    const refused = await send(ferry.app, {
      method: "POST",
      url: URL,
      ip: randomIp(),
      payload: contactForm({ subject, email: `${local}+6@ferry.test` }),
    });

    expect(refused.statusCode).toBe(429);
    expect(await mailForSupport(subject)).toHaveLength(5);
    // Another mailbox whose name only starts the same is its own.
    const other = await send(ferry.app, {
      method: "POST",
      url: URL,
      ip: randomIp(),
      payload: contactForm({ subject, email: `${local}x@ferry.test` }),
    });
    expect(other.statusCode, other.body).toBe(202);
  });

  test("counts an IPv6 client by its /64: a new address in the same /64 does not reset the limit (issue 24)", async () => {
    const prefix = `2001:db8:${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;
    const subject = `IPv6 ${randomUUID()}`;
    for (let sent = 1; sent <= 5; sent += 1) {
      const response = await send(ferry.app, {
        method: "POST",
        url: URL,
        ip: `${prefix}::${sent.toString(16)}`,
        payload: contactForm({ subject }),
      });
      expect(response.statusCode, response.body).toBe(202);
    }

    const refused = await send(ferry.app, {
      method: "POST",
      url: URL,
      ip: `${prefix}:ffff:ffff:ffff:fffe`,
      payload: contactForm({ subject }),
    });

    expect(refused.statusCode).toBe(429);
    expect(await mailForSupport(subject)).toHaveLength(5);
  });

  test("a filled honeypot is answered like a visitor's message, and nothing is sent, stored or counted", async () => {
    const ip = randomIp();
    const subject = `Bot ${randomUUID()}`;
    for (let sent = 0; sent < 7; sent += 1) {
      const response = await send(ferry.app, {
        method: "POST",
        url: URL,
        ip,
        payload: contactForm({ subject, website: "https://spam.example" }),
      });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ channel: "email", helpRequestId: null });
    }
    expect(await mailForSupport(subject)).toEqual([]);
    // The bot's attempts were not counted against the address: a person there can still write.
    const person = await send(ferry.app, { method: "POST", url: URL, ip, payload: contactForm({ subject }) });
    expect(person.statusCode).toBe(202);
    expect(await mailForSupport(subject)).toHaveLength(1);
  });

  test("refuses missing and invalid fields by name with the form's messages, and sends nothing", async () => {
    const subject = `Invalid ${randomUUID()}`;
    const response = await send(ferry.app, {
      method: "POST",
      url: URL,
      ip: randomIp(),
      payload: { firstName: " ", lastName: "", email: "not-an-address", subject, message: "too short" },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("validation_failed");
    expect(response.json().error.fields).toEqual({
      firstName: SUPPORT_MESSAGE_MESSAGES.firstNameRequired,
      lastName: SUPPORT_MESSAGE_MESSAGES.lastNameRequired,
      email: "Please enter a valid email address",
      message: SUPPORT_MESSAGE_MESSAGES.messageTooShort,
    });
    const blankSubject = await send(ferry.app, {
      method: "POST",
      url: URL,
      ip: randomIp(),
      payload: contactForm({ subject: "   " }),
    });
    expect(blankSubject.json().error.fields).toEqual({ subject: SUPPORT_MESSAGE_MESSAGES.subjectRequired });
    const lineBreak = await send(ferry.app, {
      method: "POST",
      url: URL,
      ip: randomIp(),
      payload: contactForm({ subject: "Hello\r\nBcc: someone@example.com" }),
    });
    expect(lineBreak.statusCode).toBe(400);
    expect(await mailForSupport(subject)).toEqual([]);
  });
});

describe("GET /api/v1/fees", () => {
  test("answers anyone with the configured transfer fees and investment rate", async () => {
    const response = await send(ferry.app, { method: "GET", url: "/api/v1/fees", ip: randomIp() });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      transferFeeBasisPoints: { bank: 45, crypto: 120, ferry_user: 0 },
      investmentDailyRate: "0.015",
    });
  });
});
