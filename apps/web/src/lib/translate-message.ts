/*
 * A message that came from core's validation or the server, in the reader's language (issue 29). Most
 * are fixed texts (a catalog key each); a few are built with values by core's functions
 * (`tooManyDecimalsMessage`, `invalidAddressMessage`…): those are recognised by their English shape and
 * read through the catalog message with the same values.
 */
import type { MessageKey } from "@ferry/core/i18n/catalog";
import { format, t, translateText } from "../i18n/i18n.tsx";

interface Shape {
  readonly pattern: RegExp;
  readonly key: MessageKey;
  readonly names: readonly string[];
  /** Values that are themselves English texts (a field's label), translated before they go in. */
  readonly texts?: readonly string[];
  /** Values that are whole numbers grouped the English way ("1,000,000,000"), grouped for the locale. */
  readonly numbers?: readonly string[];
}

function argumentOf(shape: Shape, name: string, value: string): string {
  if (shape.texts?.includes(name)) {
    return translateText(value);
  }
  if (shape.numbers?.includes(name)) {
    return format().decimal(value.replaceAll(",", ""), 0);
  }
  return value;
}

/** The English shapes of core's messages built with values, and their catalog keys. */
const SHAPES: readonly Shape[] = [
  {
    pattern: /^([A-Z]{3,4}) amounts have at most (\d+) decimals$/,
    key: "{currency} amounts have at most {decimals} decimals",
    names: ["currency", "decimals"],
  },
  {
    pattern: /^Amount can be at most ([\d,]+) ([A-Z]{3,4})$/,
    key: "Amount can be at most {limit} {currency}",
    names: ["limit", "currency"],
    numbers: ["limit"],
  },
  {
    pattern: /^(.+) cannot contain line breaks, tabs or other control characters$/,
    key: "{label} cannot contain line breaks, tabs or other control characters",
    names: ["label"],
    texts: ["label"],
  },
  {
    pattern: /^(.+) cannot contain control characters \(line breaks and tabs are fine\)$/,
    key: "{label} cannot contain control characters (line breaks and tabs are fine)",
    names: ["label"],
    texts: ["label"],
  },
  {
    pattern: /^Accounts there are paid by IBAN: enter the IBAN, which starts with ([A-Z]{2})$/,
    key: "Accounts there are paid by IBAN: enter the IBAN, which starts with {country}",
    names: ["country"],
  },
  {
    pattern: /^This IBAN is for an account in ([A-Z]{2}): choose that country, or check the IBAN$/,
    key: "This IBAN is for an account in {country}: choose that country, or check the IBAN",
    names: ["country"],
  },
  {
    pattern: /^This SWIFT code is for a bank in ([A-Z]{2}), not in the country chosen: check both$/,
    key: "This SWIFT code is for a bank in {country}, not in the country chosen: check both",
    names: ["country"],
  },
  { pattern: /^This is not a valid (.+) address$/, key: "This is not a valid {network} address", names: ["network"] },
  {
    pattern: /^([A-Z]{3,4}) cannot be sent on (.+)$/,
    key: "{currency} cannot be sent on {network}",
    names: ["currency", "network"],
  },
  { pattern: /^Request failed \((\d+)\)$/, key: "Request failed ({status})", names: ["status"] },
  {
    pattern: /^Remove the character "(.+)" \(U\+([0-9A-F]+)\)$/u,
    key: 'Remove the character "{character}" (U+{codePoint})',
    names: ["character", "codePoint"],
  },
];

/** `text` in the active language: its catalog entry, or the message of its shape, or itself. */
export function translateMessage(text: string): string {
  const translated = translateText(text);
  if (translated !== text) {
    return translated;
  }
  for (const shape of SHAPES) {
    const match = shape.pattern.exec(text);
    if (match) {
      const values: Record<string, string> = {};
      shape.names.forEach((name, index) => {
        const value = match[index + 1] ?? "";
        values[name] = argumentOf(shape, name, value);
      });
      return t(shape.key, values);
    }
  }
  return text;
}
