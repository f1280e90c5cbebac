import { z } from "zod";
import { MESSAGES } from "../messages.ts";
import { Role } from "./auth.ts";

export const KycStatus = z.enum(["pending", "approved", "rejected", "under_review"]);
export type KycStatus = z.infer<typeof KycStatus>;

export const UserStatus = z.enum(["active", "banned", "suspended"]);
export type UserStatus = z.infer<typeof UserStatus>;

const optionalText = (max: number) => z.string().trim().max(max).default("");

/** The personal-information form of `/profile` (spec §5). */
export const ProfileUpdateRequest = z.object({
  firstName: z.string({ error: MESSAGES.firstNameRequired }).trim().min(1, MESSAGES.firstNameRequired).max(100),
  lastName: z.string({ error: MESSAGES.lastNameRequired }).trim().min(1, MESSAGES.lastNameRequired).max(100),
  phone: optionalText(40),
  address: optionalText(200),
  city: optionalText(100),
  country: optionalText(100),
  postalCode: optionalText(20),
});
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequest>;

/** The signed-in user's profile, as `/api/v1/me` returns it. */
export const Profile = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
  postalCode: z.string(),
  emailVerified: z.boolean(),
  kycStatus: KycStatus,
  status: UserStatus,
  accountType: z.literal("personal"),
  role: Role,
  createdAt: z.string(),
});
export type Profile = z.infer<typeof Profile>;

/** A display name: first and last name when known, otherwise the e-mail's local part. */
export function displayName(profile: Pick<Profile, "firstName" | "lastName" | "email">): string {
  const fullName = `${profile.firstName} ${profile.lastName}`.trim();
  return fullName || profile.email.split("@")[0];
}

/** Up to two initials for the avatar chip. */
export function initials(profile: Pick<Profile, "firstName" | "lastName" | "email">): string {
  const first = profile.firstName.trim()[0] ?? "";
  const last = profile.lastName.trim()[0] ?? "";
  const fromName = `${first}${last}`;
  return (fromName || profile.email.slice(0, 2)).toUpperCase();
}
