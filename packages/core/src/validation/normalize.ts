import { nonAsciiCharacterMessage } from "./messages.ts";
import type { ValidationResult } from "./result.ts";

/*
 * One rule for bank text people paste (IBAN, account number, BIC), used by every money destination.
 * Web pages and PDFs group an IBAN with non-breaking spaces, Norwegian banks print it with dots, some
 * forms use dashes, and the ISO paper form starts with "IBAN ": all of that is layout and is removed.
 * Any other non-ASCII character is refused before any case folding, because JavaScript's
 * `toUpperCase()` turns "ß" into "SS", "ſ" and "ı" into "S" and "I", "ﬀ" into "FF" and the Kelvin sign
 * into "K": a valid-looking code the person never typed.
 */

/** The characters that only lay the text out: space, no-break space, narrow no-break and figure space, dot, dash. */
const SEPARATORS = /[ \u00A0\u202F\u2007.-]/g;
/** The same characters, to test one character at a time. */
const SEPARATOR = /^[ \u00A0\u202F\u2007.-]$/;
/** The ISO 13616 paper form's "IBAN " label, in any case, followed by at least one separator. */
const PAPER_FORM_PREFIX = /^IBAN[ \u00A0\u202F\u2007]+/i;
/** The last ASCII code point; anything above it is refused unless it is a separator. */
const LAST_ASCII_CODE_POINT = 0x7f;

/**
 * The first character of `text` above ASCII that `isAllowed` does not let through, or undefined. It
 * walks code points, so an emoji is named whole rather than as two surrogate halves. Bank text and
 * crypto addresses both ask it before any case folding, and refuse with `nonAsciiCharacterMessage`.
 */
export function findNonAsciiCharacter(
  text: string,
  isAllowed: (character: string) => boolean = () => false,
): string | undefined {
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    if (codePoint > LAST_ASCII_CODE_POINT && !isAllowed(character)) {
      return character;
    }
  }
  return undefined;
}

/**
 * Normalises pasted bank text: trims it, drops a leading "IBAN " label and every space, non-breaking
 * space, dot and dash, and returns the rest in upper case. Refuses the first non-ASCII character that
 * is not a separator with a message naming it, before anything is upper-cased. It does not judge what
 * is left: `normalized` may still hold punctuation or be empty, for the caller's rule to refuse.
 */
export function normalizeBankText(text: string): ValidationResult {
  const nonAscii = findNonAsciiCharacter(text, (character) => SEPARATOR.test(character));
  if (nonAscii !== undefined) {
    return { ok: false, message: nonAsciiCharacterMessage(nonAscii) };
  }
  // trim() also removes leading no-break spaces, so a pasted "\u00A0IBAN DE89…" loses its label too.
  const withoutLabel = text.trim().replace(PAPER_FORM_PREFIX, "");
  // Only ASCII is left, so upper-casing cannot turn one character into another or into two.
  return { ok: true, normalized: withoutLabel.replace(SEPARATORS, "").toUpperCase() };
}
