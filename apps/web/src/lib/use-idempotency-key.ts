import { useRef } from "react";
import { ApiError } from "./api-error.ts";
import { newIdempotencyKey } from "./idempotency-key.ts";

/**
 * One Idempotency-Key per intended money movement. Submitting the same content again after an
 * answer that never came (network error, 5xx) reuses the key, so the server runs it at most once;
 * new content, or a retry after the server settled the request (success or a refusal), gets a new key.
 */
export function useIdempotencyKey() {
  const last = useRef<{ content: string; key: string } | null>(null);
  return {
    /** The key for submitting `content` now. */
    keyFor(content: string): string {
      if (last.current?.content === content) {
        return last.current.key;
      }
      const key = newIdempotencyKey();
      last.current = { content, key };
      return key;
    },
    /** Called with a request's outcome: once the server has answered, the next attempt is a new movement. */
    settle(error: unknown): void {
      const isOutcomeUnknown = error instanceof ApiError && (error.status === 0 || error.status >= 500);
      if (!isOutcomeUnknown) {
        last.current = null;
      }
    },
  };
}
