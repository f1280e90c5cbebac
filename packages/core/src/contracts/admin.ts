import { z } from "zod";
import { multiLineText, singleLineText } from "../validation/text.ts";
import { Role } from "./auth.ts";
import { Balance, CurrencyCodeSchema, DecimalAmount } from "./balances.ts";
import {
  HELP_MESSAGES,
  HelpPriority,
  HelpRequestSummary,
  MAX_HELP_MESSAGE_LENGTH,
  MAX_HELP_SUBJECT_LENGTH,
} from "./help.ts";
import { pageOf, pageQuery } from "./pagination.ts";
import { KycStatus, Profile, UserStatus } from "./profile.ts";
import { TransactionItem } from "./transfers.ts";

/** One row of the admin user list. */
export const AdminUser = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: Role,
  status: UserStatus,
  kycStatus: KycStatus,
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUser>;

/** The admin user list: newest first, 50 a page, optionally searched by name or e-mail. */
export const AdminUserListQuery = pageQuery({ defaultLimit: 50, maxLimit: 100 }).extend({
  search: singleLineText("Search").max(200).optional(),
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuery>;
/** A balance the user holds, as the admin list shows it: only currencies with a non-zero balance. */
export const AdminUserBalance = z.object({ currency: CurrencyCodeSchema, balance: DecimalAmount });
export type AdminUserBalance = z.infer<typeof AdminUserBalance>;

/** One row of the admin user list: who the user is and what they hold. */
export const AdminUserListItem = AdminUser.extend({ balances: z.array(AdminUserBalance) });
export type AdminUserListItem = z.infer<typeof AdminUserListItem>;
export const AdminUserList = pageOf(AdminUserListItem);
export type AdminUserList = z.infer<typeof AdminUserList>;

/** The answer to a ban or an unban: the user's status now. */
export const UserBanResponse = z.object({ status: z.enum(["banned", "active"]) });
export type UserBanResponse = z.infer<typeof UserBanResponse>;

/**
 * A user's id as Ferry issues them: Better Auth's 32 letters and digits, or a UUID for users written
 * directly (seeds, tests). Anything else cannot name a user, so it is refused before a query sees it.
 */
export const USER_ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
export const UserId = z.string().regex(USER_ID_PATTERN, "Invalid user id");
export const UserIdParams = z.object({ userId: UserId });
export type UserIdParams = z.infer<typeof UserIdParams>;

/** Spec §8: what the admin confirms before a user is deleted. */
export const DELETE_USER_CONFIRMATION = "Are you sure you want to delete this user? This action cannot be undone.";

/** The answer to a delete: the account is closed, its money and history kept under a pseudonym. */
export const UserDeleteResponse = z.object({ status: z.literal("closed") });
export type UserDeleteResponse = z.infer<typeof UserDeleteResponse>;

/** One signed-in session of a user, as the admin sees it (never its token). */
export const AdminUserSession = z.object({
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AdminUserSession = z.infer<typeof AdminUserSession>;

/** How many of a user's newest transactions, and help requests, the detail view shows (spec §9: 5). */
export const ADMIN_DETAIL_RECENT_TRANSACTIONS = 10;
export const ADMIN_DETAIL_RECENT_HELP_REQUESTS = 5;

/**
 * `GET /api/v1/admin/users/{userId}`: one user as the admin's detail view and Contact User dialog
 * show them — profile, balances, recent transactions, their five newest help requests, live sessions.
 */
export const AdminUserDetail = z.object({
  profile: Profile.omit({ accountType: true }),
  balances: z.array(Balance),
  recentTransactions: z.array(TransactionItem),
  recentHelpRequests: z.array(HelpRequestSummary),
  sessions: z.array(AdminUserSession),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

export const ADMIN_CONTACT_MESSAGES = {
  subjectRequired: HELP_MESSAGES.subjectRequired,
  messageRequired: "Message is required",
} as const;

/** Spec §5: the admin's e-mail and help request need a subject and a message; no format checks beyond text. */
const contactFields = {
  subject: singleLineText("Subject", { error: ADMIN_CONTACT_MESSAGES.subjectRequired })
    .min(1, ADMIN_CONTACT_MESSAGES.subjectRequired)
    .max(MAX_HELP_SUBJECT_LENGTH),
  message: multiLineText("Message", { error: ADMIN_CONTACT_MESSAGES.messageRequired })
    .min(1, ADMIN_CONTACT_MESSAGES.messageRequired)
    .max(MAX_HELP_MESSAGE_LENGTH),
};

/** `POST /api/v1/admin/users/{userId}/emails`: Contact User's Send Email. */
export const AdminEmailRequest = z.object(contactFields);
export type AdminEmailRequest = z.infer<typeof AdminEmailRequest>;

/** The answer to Send Email: queued for delivery (the mail queue sends it). */
export const AdminEmailResponse = z.object({ status: z.literal("queued") });
export type AdminEmailResponse = z.infer<typeof AdminEmailResponse>;

/** The prefix of a help request an admin opened for a user (spec §7). */
export const ADMIN_HELP_SUBJECT_PREFIX = "[ADMIN] ";

/**
 * `POST /api/v1/admin/users/{userId}/help-requests`: Contact User's Create Help Request. The subject
 * is stored prefixed '[ADMIN] ' (so it is that much shorter here) and the request starts open (spec §4, §7).
 */
export const AdminHelpRequestRequest = z.object({
  subject: contactFields.subject.max(MAX_HELP_SUBJECT_LENGTH - ADMIN_HELP_SUBJECT_PREFIX.length),
  message: contactFields.message,
  priority: HelpPriority.default("medium"),
});
export type AdminHelpRequestRequest = z.infer<typeof AdminHelpRequestRequest>;
