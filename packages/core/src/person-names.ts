/*
 * How a person's name is shown, with no schema library: the public pages' header shows the signed-in
 * user's initials, and anything it imports is part of the first script every visitor downloads
 * (contracts/profile.ts would bring zod along; decision 021).
 */

/** The parts of a profile a name is made from. */
export interface PersonName {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
}

/** A display name: first and last name when known, otherwise the e-mail's local part. */
export function displayName(profile: PersonName): string {
  const fullName = `${profile.firstName} ${profile.lastName}`.trim();
  return fullName || profile.email.split("@")[0];
}

/** Up to two initials for the avatar chip. */
export function initials(profile: PersonName): string {
  const first = profile.firstName.trim()[0] ?? "";
  const last = profile.lastName.trim()[0] ?? "";
  const fromName = `${first}${last}`;
  return (fromName || profile.email.slice(0, 2)).toUpperCase();
}
