/*
 * The SWIFT IBAN registry (release 101, through python-stdnum's stdnum/iban.dat, kept as
 * fixtures/swift-iban-registry.dat): every country that issues IBANs, its IBAN length and its BBAN
 * structure in the registry's notation. ibantools is looser than the registry (it lets digits into the
 * Irish, British Virgin Islands and Palestinian bank codes and knows ~25 countries outside it) and in
 * places stricter (it refuses letters in Pakistani and Palestinian account numbers), so Ferry holds an
 * IBAN to this table. iban-registry.test.ts checks the table against the fixture line by line.
 */

/** A registry country's IBAN: total length and BBAN structure ("4!a6!n8!n": 4 letters, 6 digits, 8 digits). */
export interface IbanRegistryEntry {
  readonly length: number;
  readonly bban: string;
}

/** Every SWIFT IBAN registry country by ISO 3166 code, in the registry's order. */
export const IBAN_REGISTRY: Readonly<Record<string, IbanRegistryEntry>> = {
  AD: { length: 24, bban: "4!n4!n12!c" },
  AE: { length: 23, bban: "3!n16!n" },
  AL: { length: 28, bban: "8!n16!c" },
  AT: { length: 20, bban: "5!n11!n" },
  AZ: { length: 28, bban: "4!a20!c" },
  BA: { length: 20, bban: "3!n3!n8!n2!n" },
  BE: { length: 16, bban: "3!n7!n2!n" },
  BG: { length: 22, bban: "4!a4!n2!n8!c" },
  BH: { length: 22, bban: "4!a14!c" },
  BI: { length: 27, bban: "5!n5!n11!n2!n" },
  BR: { length: 29, bban: "8!n5!n10!n1!a1!c" },
  BY: { length: 28, bban: "4!c4!n16!c" },
  CH: { length: 21, bban: "5!n12!c" },
  CR: { length: 22, bban: "4!n14!n" },
  CY: { length: 28, bban: "3!n5!n16!c" },
  CZ: { length: 24, bban: "4!n16!n" },
  DE: { length: 22, bban: "8!n10!n" },
  DJ: { length: 27, bban: "5!n5!n11!n2!n" },
  DK: { length: 18, bban: "4!n9!n1!n" },
  DO: { length: 28, bban: "4!c20!n" },
  EE: { length: 20, bban: "2!n14!n" },
  EG: { length: 29, bban: "4!n4!n17!n" },
  ES: { length: 24, bban: "4!n4!n1!n1!n10!n" },
  FI: { length: 18, bban: "3!n11!n" },
  FK: { length: 18, bban: "2!a12!n" },
  FO: { length: 18, bban: "4!n9!n1!n" },
  FR: { length: 27, bban: "5!n5!n11!c2!n" },
  GB: { length: 22, bban: "4!a6!n8!n" },
  GE: { length: 22, bban: "2!a16!n" },
  GI: { length: 23, bban: "4!a15!c" },
  GL: { length: 18, bban: "4!n9!n1!n" },
  GR: { length: 27, bban: "3!n4!n16!c" },
  GT: { length: 28, bban: "4!c20!c" },
  HN: { length: 28, bban: "4!a20!n" },
  HR: { length: 21, bban: "7!n10!n" },
  HU: { length: 28, bban: "3!n4!n1!n15!n1!n" },
  IE: { length: 22, bban: "4!a6!n8!n" },
  IL: { length: 23, bban: "3!n3!n13!n" },
  IQ: { length: 23, bban: "4!a3!n12!n" },
  IS: { length: 26, bban: "4!n2!n6!n10!n" },
  IT: { length: 27, bban: "1!a5!n5!n12!c" },
  JO: { length: 30, bban: "4!a4!n18!c" },
  KW: { length: 30, bban: "4!a22!c" },
  KZ: { length: 20, bban: "3!n13!c" },
  LB: { length: 28, bban: "4!n20!c" },
  LC: { length: 32, bban: "4!a24!c" },
  LI: { length: 21, bban: "5!n12!c" },
  LT: { length: 20, bban: "5!n11!n" },
  LU: { length: 20, bban: "3!n13!c" },
  LV: { length: 21, bban: "4!a13!c" },
  LY: { length: 25, bban: "3!n3!n15!n" },
  MC: { length: 27, bban: "5!n5!n11!c2!n" },
  MD: { length: 24, bban: "2!c18!c" },
  ME: { length: 22, bban: "3!n13!n2!n" },
  MK: { length: 19, bban: "3!n10!c2!n" },
  MN: { length: 20, bban: "4!n12!n" },
  MR: { length: 27, bban: "5!n5!n11!n2!n" },
  MT: { length: 31, bban: "4!a5!n18!c" },
  MU: { length: 30, bban: "4!a2!n2!n12!n3!n3!a" },
  NI: { length: 28, bban: "4!a20!n" },
  NL: { length: 18, bban: "4!a10!n" },
  NO: { length: 15, bban: "4!n6!n1!n" },
  OM: { length: 23, bban: "3!n16!c" },
  PK: { length: 24, bban: "4!a16!c" },
  PL: { length: 28, bban: "8!n16!n" },
  PS: { length: 29, bban: "4!a21!c" },
  PT: { length: 25, bban: "4!n4!n11!n2!n" },
  QA: { length: 29, bban: "4!a21!c" },
  RO: { length: 24, bban: "4!a16!c" },
  RS: { length: 22, bban: "3!n13!n2!n" },
  RU: { length: 33, bban: "9!n5!n15!c" },
  SA: { length: 24, bban: "2!n18!c" },
  SC: { length: 31, bban: "4!a2!n2!n16!n3!a" },
  SD: { length: 18, bban: "2!n12!n" },
  SE: { length: 24, bban: "3!n16!n1!n" },
  SI: { length: 19, bban: "5!n8!n2!n" },
  SK: { length: 24, bban: "4!n6!n10!n" },
  SM: { length: 27, bban: "1!a5!n5!n12!c" },
  SO: { length: 23, bban: "4!n3!n12!n" },
  ST: { length: 25, bban: "4!n4!n11!n2!n" },
  SV: { length: 28, bban: "4!a20!n" },
  TL: { length: 23, bban: "3!n14!n2!n" },
  TN: { length: 24, bban: "2!n3!n13!n2!n" },
  TR: { length: 26, bban: "5!n1!n16!c" },
  UA: { length: 29, bban: "6!n19!c" },
  VA: { length: 22, bban: "3!n15!n" },
  VG: { length: 24, bban: "4!a16!n" },
  XK: { length: 20, bban: "4!n10!n2!n" },
  YE: { length: 30, bban: "4!a4!n18!c" },
};

/** Registry notation's character classes: n digits, a upper-case letters, c upper-case letters and digits. */
const CHARACTER_CLASSES: Readonly<Record<string, string>> = { n: "[0-9]", a: "[A-Z]", c: "[A-Z0-9]" };
/** One part of a BBAN structure: a count, "!" for a fixed length, and a character class. */
const STRUCTURE_PART = /(\d+)!([nac])/g;

/** A regular expression for a whole IBAN of the country: its code, two check digits, then the BBAN structure. */
function buildIbanPattern(countryCode: string, entry: IbanRegistryEntry): RegExp {
  const parts = [...entry.bban.matchAll(STRUCTURE_PART)].map(([, count, kind]) => {
    return `${CHARACTER_CLASSES[kind ?? ""]}{${count}}`;
  });
  return new RegExp(`^${countryCode}[0-9]{2}${parts.join("")}$`);
}

/** Compiled once at load: validation runs on every keystroke of a form. */
const IBAN_PATTERNS: ReadonlyMap<string, RegExp> = new Map(
  Object.entries(IBAN_REGISTRY).map(([countryCode, entry]) => [countryCode, buildIbanPattern(countryCode, entry)]),
);

/** Whether the country is in the SWIFT IBAN registry. */
export function isIbanRegistryCountry(countryCode: string): boolean {
  return IBAN_PATTERNS.has(countryCode);
}

/**
 * Whether an electronic-format IBAN (upper case, no separators) has its country's registry length and
 * BBAN structure, letters and digits exactly where the registry puts them. Says nothing of check digits.
 */
export function hasRegistryStructure(iban: string): boolean {
  return IBAN_PATTERNS.get(iban.slice(0, 2))?.test(iban) ?? false;
}

/** Whether the ISO 7064 MOD 97-10 check of an electronic-format IBAN holds (remainder 1). */
export function hasValidIbanCheckDigits(iban: string): boolean {
  if (!/^[A-Z0-9]{5,34}$/.test(iban)) {
    return false;
  }
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  // Digit by digit (letters as 10..35) keeps every intermediate value small enough for a number.
  for (const character of rearranged) {
    const value = Number.parseInt(character, 36);
    remainder = value > 9 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder === 1;
}
