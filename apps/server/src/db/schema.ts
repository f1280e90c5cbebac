import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Better Auth's tables (camelCase columns are theirs). */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  twoFactorEnabled: boolean | null;
  role: string | null;
  banned: boolean | null;
  banReason: string | null;
  banExpires: Timestamp | null;
}

export interface SessionTable {
  id: string;
  token: string;
  userId: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  impersonatedBy: string | null;
}

export interface ProfilesTable {
  user_id: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  phone: Generated<string>;
  address: Generated<string>;
  city: Generated<string>;
  country: Generated<string>;
  postal_code: Generated<string>;
  kyc_status: Generated<"pending" | "approved" | "rejected" | "under_review">;
  account_type: Generated<"personal">;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<string>;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: Generated<"queued" | "sent" | "failed">;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

export interface RateLimitHitsTable {
  key: string;
  hit_at: Timestamp;
}

export interface DB {
  user: UserTable;
  session: SessionTable;
  profiles: ProfilesTable;
  mail_outbox: MailOutboxTable;
  rate_limit_hits: RateLimitHitsTable;
}
