import { z } from "zod";
import { MESSAGES } from "../messages.ts";
import { singleLineText } from "../validation/text.ts";
import { Role } from "./auth.ts";
import { AppPreferences } from "./settings.ts";

export const KycStatus = z.enum(["pending", "approved", "rejected", "under_review"]);
export type KycStatus = z.infer<typeof KycStatus>;

export const UserStatus = z.enum(["active", "banned", "suspended"]);
export type UserStatus = z.infer<typeof UserStatus>;

const optionalText = (label: string, max: number) => singleLineText(label).max(max).default("");

/** The personal-information form of `/profile` (spec §5). */
export const ProfileUpdateRequest = z.object({
  firstName: singleLineText("First name", { error: MESSAGES.firstNameRequired })
    .min(1, MESSAGES.firstNameRequired)
    .max(100),
  lastName: singleLineText("Last name", { error: MESSAGES.lastNameRequired })
    .min(1, MESSAGES.lastNameRequired)
    .max(100),
  phone: optionalText("Phone", 40),
  address: optionalText("Address", 200),
  city: optionalText("City", 100),
  country: optionalText("Country", 100),
  postalCode: optionalText("Postal code", 20),
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

/**
 * `GET /api/v1/me`: the profile and the App Preferences the app applies on every page (language, time
 * zone, display currency, theme; issue 29).
 */
export const Me = Profile.extend({ preferences: AppPreferences });
export type Me = z.infer<typeof Me>;

// Kept here for the signed-in app's imports; pages of the first script import them from person-names.ts.
export { displayName, initials } from "../person-names.ts";
