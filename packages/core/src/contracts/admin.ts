import { z } from "zod";
import { singleLineText } from "../validation/text.ts";
import { Role } from "./auth.ts";
import { PageCursor } from "./pagination.ts";
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

export const AdminUserListQuery = z.object({
  search: singleLineText("Search").max(200).optional(),
  cursor: PageCursor.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const AdminUserList = z.object({ users: z.array(AdminUser), nextCursor: z.string().nullable() });

/**
 * A user's id as Ferry issues them: Better Auth's 32 letters and digits, or a UUID for users written
 * directly (seeds, tests). Anything else cannot name a user, so it is refused before a query sees it.
 */
export const USER_ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
export const UserId = z.string().regex(USER_ID_PATTERN, "Invalid user id");
export const UserIdParams = z.object({ userId: UserId });
