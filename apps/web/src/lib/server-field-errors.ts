import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api-error.ts";

/**
 * Puts the server's per-field messages (the `fields` of a refused request) beside the form's own inputs,
 * so a rule only the server can check reads like one the form checked. Fields the form does not show
 * are left to the toast that says the request failed.
 */
export function showServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly Path<T>[],
): void {
  if (!(error instanceof ApiError)) {
    return;
  }
  for (const [field, message] of Object.entries(error.fields)) {
    const name = fields.find((known) => known === field);
    if (name) {
      setError(name, { type: "server", message });
    }
  }
}
