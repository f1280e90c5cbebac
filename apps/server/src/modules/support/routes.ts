import { SupportMessageReceipt, SupportMessageRequest } from "@ferry/core/contracts/support";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Guards } from "../../http/guards.ts";
import { errorResponses, SIGNED_IN_OR_NOT } from "../../http/openapi.ts";
import { receiveSupportMessage, type SupportDeps } from "./service.ts";

/** `POST /api/v1/support/messages`: the /support contact form, for visitors and customers alike. */
export function registerSupportRoutes(app: FastifyInstance, deps: SupportDeps & { readonly guards: Guards }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { guards } = deps;

  typed.post(
    "/api/v1/support/messages",
    {
      preValidation: guards.identifyViewer,
      schema: {
        tags: ["support"],
        operationId: "sendSupportMessage",
        security: SIGNED_IN_OR_NOT,
        summary:
          "Contact support: signed in, opens a help request (201); otherwise e-mails the support address (202). At most 5 an hour per address and per e-mail",
        body: SupportMessageRequest,
        response: {
          201: SupportMessageReceipt,
          202: SupportMessageReceipt,
          ...errorResponses("validation_failed", "rate_limited", "unavailable"),
        },
      },
    },
    async (request, reply) => {
      const viewer = request.viewer ? { userId: request.viewer.userId, email: request.viewer.email } : null;
      const receipt = await receiveSupportMessage(deps, { viewer, ip: request.ip }, request.body);
      return reply.status(receipt.channel === "help_request" ? 201 : 202).send(receipt);
    },
  );
}
