import { DevSmsOutbox } from "@ferry/core/contracts/sms";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "../../db/database.ts";
import { requireLoopbackClient } from "../../http/loopback.ts";
import { listSmsOutbox } from "./outbox.ts";

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/** The outbox holds people's phone numbers and what was sent to them: only a person on this machine reads it. */
const onlyThisMachine = requireLoopbackClient("The development SMS outbox");

/**
 * The development SMS outbox, beside the development mailbox: without an SMS provider, text messages
 * stay in the outbox and can be read here. Registered only when the configuration enables it, which
 * it never does in production.
 */
export function registerDevSmsRoutes(app: FastifyInstance, deps: { db: Database }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/dev/sms/messages.json",
      { onRequest: onlyThisMachine, schema: { hide: true, response: { 200: DevSmsOutbox } } },
      async () => listSmsOutbox(deps.db),
    );
  app.get("/dev/sms", { onRequest: onlyThisMachine, schema: { hide: true } }, async (_request, reply) => {
    const messages = await listSmsOutbox(deps.db);
    const items = messages
      .map(
        (message) => `<article><header><strong>to ${escapeHtml(message.to)}</strong>
<span>${escapeHtml(message.createdAt)}</span></header><p>${escapeHtml(message.text)}</p></article>`,
      )
      .join("\n");
    const body = messages.length > 0 ? items : "<p>No text messages yet.</p>";
    reply
      .type("text/html; charset=utf-8")
      .send(`<!doctype html><html lang="en"><head><title>Ferry dev SMS outbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#0f172a}
article{border:1px solid #e2e8f0;border-radius:10px;padding:1rem;margin:1rem 0}header{display:flex;flex-direction:column;gap:.25rem}
header span{color:#64748b;font-size:.85rem}p{white-space:pre-wrap}</style></head>
<body><h1>Development SMS outbox</h1><p>Text messages are not sent in development; they are kept here, newest first.</p>${body}</body></html>`);
  });
}
