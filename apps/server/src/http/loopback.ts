import type { FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";

const LOOPBACK_ADDRESSES = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * An `onRequest` hook admitting only a person on this machine (the development mailbox and clock):
 * the socket must come from loopback (not `request.ip`, which a trusted
 * proxy header can set) and must not have been forwarded by a proxy on this machine on behalf of
 * someone else. `what` names the thing refused.
 */
export function requireLoopbackClient(what: string) {
  return async (request: FastifyRequest): Promise<void> => {
    const isLoopback = LOOPBACK_ADDRESSES.has(request.socket.remoteAddress ?? "");
    const isForwarded = request.headers["x-forwarded-for"] !== undefined || request.headers.forwarded !== undefined;
    if (!isLoopback || isForwarded) {
      throw new AppError("forbidden", `${what} is only available on this machine`);
    }
  };
}
