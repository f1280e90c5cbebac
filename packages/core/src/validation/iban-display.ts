/** A stored (electronic) IBAN: two letters of a country, two check digits, then letters and digits. */
const ELECTRONIC_IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/;

/**
 * An account number as a person reads it to compare: an IBAN in the ISO 13616 print form, groups of
 * four separated by spaces ("DE89 3704 0044 0532 0130 00"), so a transposed or missing character
 * stands out. Anything that is not an electronic IBAN (a national number, an older free-form entry)
 * is returned unchanged: grouping it would suggest a structure it does not have.
 */
export function formatIbanForDisplay(accountNumber: string): string {
  if (!ELECTRONIC_IBAN.test(accountNumber)) {
    return accountNumber;
  }
  return accountNumber.match(/.{1,4}/g)?.join(" ") ?? accountNumber;
}
