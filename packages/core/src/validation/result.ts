/**
 * What every validator here returns: the text in the form Ferry stores and shows, or a message for
 * the person who typed it.
 */
export type ValidationResult = { ok: true; normalized: string } | { ok: false; message: string };
