import { DevMailbox, DevMailboxQuery } from "@ferry/core/contracts/mail";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "../../db/database.ts";
import { requireLoopbackClient } from "../../http/loopback.ts";
import { listMailbox } from "./outbox.ts";

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/** The mailbox holds every sign-in code and reset link, so only a person on this machine may read it. */
const onlyThisMachine = requireLoopbackClient("The development mailbox");

/**
 * The development mailbox: without SMTP, mail stays in the outbox and can be read here.
 * Registered only when the configuration enables it, which it never does in production.
 */
export function registerDevMailRoutes(app: FastifyInstance, deps: { db: Database }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/dev/mail/messages.json",
    {
      onRequest: onlyThisMachine,
      schema: { hide: true, querystring: DevMailboxQuery, response: { 200: DevMailbox } },
    },
    async (request) => listMailbox(deps.db, request.query.to),
  );
  app.get("/dev/mail", { onRequest: onlyThisMachine, schema: { hide: true } }, async (_request, reply) => {
    const messages = await listMailbox(deps.db);
    const items = messages
      .map(
        (message) => `<article><header><strong>${escapeHtml(message.subject)}</strong>
<span>to ${escapeHtml(message.to)} · ${escapeHtml(message.createdAt)}</span></header><pre>${escapeHtml(message.text)}</pre></article>`,
      )
      .join("\n");
    const body = messages.length > 0 ? items : "<p>No messages yet.</p>";
    reply.type("text/html; charset=utf-8").send(`<!doctype html><html><head><title>Ferry dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#0f172a}
article{border:1px solid #e2e8f0;border-radius:10px;padding:1rem;margin:1rem 0}header{display:flex;flex-direction:column;gap:.25rem}
header span{color:#64748b;font-size:.85rem}pre{white-space:pre-wrap;font-family:inherit}</style></head>
<body><h1>Development mailbox</h1><p>Mail is not delivered in development; it is kept here, newest first.</p>${body}</body></html>`);
  });
}
