import { z } from "zod";
import { singleLineText } from "../validation/text.ts";
import { Role } from "./auth.ts";
import { pageOf, pageQuery } from "./pagination.ts";
import { KycStatus, UserStatus } from "./profile.ts";

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
export const AdminUserList = pageOf(AdminUser);
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
