import { PASSKEY_MESSAGES } from "@ferry/core/passkey-messages";
import { messageOf } from "./api-error.ts";

/**
 * What to tell the person when a passkey ceremony failed: the browser's refusal (they cancelled, or
 * the authenticator could not verify them) in words, else the server's own, else `fallback`.
 */
export function passkeyErrorMessage(error: unknown, fallback: string): string {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError") {
    return PASSKEY_MESSAGES.ceremonyNotAllowed;
  }
  if (name === "InvalidStateError") {
    // The authenticator already holds a passkey of this account (registration excludes them).
    return PASSKEY_MESSAGES.alreadyRegistered;
  }
  if (name === "NotSupportedError") {
    return PASSKEY_MESSAGES.unsupported;
  }
  return messageOf(error, fallback);
}
