import { z } from "zod";
import { Role } from "./auth.ts";
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
  search: z.string().trim().max(200).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const AdminUserList = z.object({ users: z.array(AdminUser), nextCursor: z.string().nullable() });

export const UserIdParams = z.object({ userId: z.string().min(1).max(100) });
