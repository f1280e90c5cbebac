import { z } from "zod";
import { multiLineTextMessage, singleLineTextMessage } from "../messages.ts";

// Control characters have no place in a name, an address or a note: PostgreSQL refuses NUL in text
// outright, and the others (C0, DEL, C1) can hide content on screen or break a line-based export.
// A lone UTF-16 surrogate is not text at all (it cannot be encoded as UTF-8), so it is refused too;
// a surrogate pair (an emoji, say) is fine. Every bidirectional formatting character is refused as
// well: the embedding, override and isolate controls (U+202A-U+202E, U+2066-U+2069) and the directional
// marks (U+200E left-to-right, U+200F right-to-left, U+061C Arabic letter mark, issue 24). They can
// make a recipient's name or an address read differently on screen from what is stored ("Trojan
// Source"), and a mark is invisible, so "Ada" and "Ada" + U+200F would be two different names that
// look the same; plain right-to-left text is shown right to left without any of them. Patterns rather
// than functions, so the OpenAPI document shows the rule as each field's `pattern`.

/** Any character but C0 controls (NUL to US), DEL, C1 controls and bidi controls and marks, and no lone surrogate. */
const SINGLE_LINE_PATTERN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: naming control characters is this pattern's purpose.
  /^(?:[^\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;

/** The same, except that a line feed or a tab is allowed. */
const MULTI_LINE_PATTERN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: naming control characters is this pattern's purpose.
  /^(?:[^\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;

/** Whether `text` is safe for a one-line field: no control character (line breaks and tabs included). */
export function isSingleLineText(text: string): boolean {
  return SINGLE_LINE_PATTERN.test(text);
}

/** Whether `text` is safe for a multi-line field: no control character other than a line feed or tab. */
export function isMultiLineText(text: string): boolean {
  return MULTI_LINE_PATTERN.test(text);
}

/**
 * A one-line text field (a name, an address line, a search): trimmed, then refused with
 * "<label> cannot contain line breaks, tabs or other control characters" when it holds any. Chain
 * `.min()` / `.max()` after it. `error` is the message for a value that is not a string at all.
 */
export function singleLineText(label: string, params: { error?: string } = {}) {
  return z.string(params).trim().regex(SINGLE_LINE_PATTERN, singleLineTextMessage(label));
}

/**
 * A multi-line text field (a note, a message): trimmed, line feeds and tabs allowed, every other
 * control character refused with a message naming the field. Chain `.min()` / `.max()` after it.
 */
export function multiLineText(label: string, params: { error?: string } = {}) {
  return z.string(params).trim().regex(MULTI_LINE_PATTERN, multiLineTextMessage(label));
}
