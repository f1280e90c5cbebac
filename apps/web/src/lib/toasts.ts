import { useEffect } from "react";
import { toast } from "sonner";
import { messageOf } from "./api-error.ts";
import { translateMessage } from "./translate-message.ts";

/*
 * Every toast the signed-in app raises goes through this file, so a success, a failure and the server's
 * own words look the same on every page. Callers pass the spec's texts (§8); only here is sonner named,
 * and only here are the texts translated (issue 29), so every caller's toast reads in the person's language.
 */

function translated(text: string | undefined): string | undefined {
  return text === undefined ? undefined : translateMessage(text);
}

/** The failure toasts still on screen, by sonner's id: a success takes them away. */
const failureToasts = new Set<string | number>();

/**
 * Says that something worked, in the spec's words, with an optional line of detail under them. Failure
 * toasts still up go (issue 30): an old 'Login Failed' beside 'Welcome back!' says the opposite of what
 * happened.
 */
export function toastSuccess(
  message: string,
  description?: string,
  action?: { readonly label: string; readonly onClick: () => void },
): void {
  for (const id of failureToasts) {
    toast.dismiss(id);
  }
  failureToasts.clear();
  toast.success(translateMessage(message), {
    description: translated(description),
    ...(action ? { action: { label: translateMessage(action.label), onClick: action.onClick } } : {}),
  });
}

/** Says that something failed, in the spec's words, with an optional line of detail under them. */
export function toastError(message: string, description?: string): void {
  const id = toast.error(translateMessage(message), {
    description: translated(description),
    onDismiss: (shown) => failureToasts.delete(shown.id),
    onAutoClose: (shown) => failureToasts.delete(shown.id),
  });
  failureToasts.add(id);
}

/**
 * Says that a call failed, in the spec's words, with the server's own words under them when it gave any
 * (else `fallback`, when there is one).
 */
export function toastFailure(message: string, error: unknown, fallback = ""): void {
  toastError(message, messageOf(error, fallback) || undefined);
}

/** Says that a call failed in the server's own words, or in `fallback` when it gave none. */
export function toastServerError(error: unknown, fallback: string): void {
  toastError(messageOf(error, fallback));
}

/**
 * Shows the spec's load-failure toast (§8) once per failure of a query, with the server's words
 * underneath. The toast id is the message, so several components reading one query toast once.
 */
export function useErrorToast(error: unknown, message: string): void {
  useEffect(() => {
    if (error) {
      toast.error(translateMessage(message), {
        id: message,
        description: translated(messageOf(error, "") || undefined),
      });
    }
  }, [error, message]);
}
