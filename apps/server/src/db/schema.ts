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

export type AccountPurpose =
  | "wallet"
  | "investment"
  | "bank_deposits"
  | "crypto_deposits"
  | "payouts"
  | "fees"
  | "fx"
  | "yield_reserve";

export interface LedgerAccountsTable {
  id: Generated<string>;
  owner_user_id: string | null;
  currency: string;
  purpose: AccountPurpose;
  balance: Generated<string>;
  reserved: Generated<string>;
  is_external: Generated<boolean>;
  created_at: Timestamp;
}

export interface LedgerTransfersTable {
  id: Generated<string>;
  transfer_key: string;
  debit_account_id: string;
  credit_account_id: string;
  amount: string;
  currency: string;
  kind: string;
  reference_type: string | null;
  reference_id: string | null;
  state: "pending" | "posted" | "voided";
  initial_state: "pending" | "posted";
  created_at: Timestamp;
  settled_at: Timestamp | null;
}

export interface RecipientsTable {
  id: Generated<string>;
  user_id: string;
  type: "bank" | "crypto";
  name: string;
  email: string;
  currency: string;
  bank_name: string | null;
  country: string | null;
  account_number: string | null;
  swift_code: string | null;
  account_holder_name: string | null;
  crypto_address: string | null;
  crypto_network: string | null;
  created_at: Timestamp;
}

export type TransferStatus = "pending" | "processed" | "sent" | "failed" | "cancelled";

export interface TransfersTable {
  id: Generated<string>;
  sender_user_id: string;
  method: "bank" | "crypto" | "ferry_user" | "withdrawal";
  payment_method_id: string | null;
  recipient_id: string | null;
  recipient_user_id: string | null;
  recipient_email: string;
  recipient_name: string;
  recipient_bank_name: string | null;
  recipient_country: string | null;
  recipient_account_number: string | null;
  recipient_swift_code: string | null;
  crypto_address: string | null;
  crypto_network: string | null;
  currency: string;
  amount: string;
  fee: string;
  memo: string | null;
  status: TransferStatus;
  ledger_generation: Generated<number>;
  sender_account_id: string;
  destination_account_id: string;
  fee_account_id: string;
  idempotency_key: string;
  request_hash: string;
  /** When the amount last began to count toward the sender's daily limit (created, or reopened). */
  limit_counted_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TransferStatusChangesTable {
  id: Generated<string>;
  transfer_id: string;
  actor_user_id: string;
  from_status: string;
  to_status: string;
  created_at: Timestamp;
}

export interface TransferCodesTable {
  id: Generated<string>;
  user_id: string;
  binding_hash: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  /** The destination the code was issued for: `user:<id>`, `recipient:<id>` or `payment-method:<id>`. */
  destination_ref: string | null;
  created_at: Timestamp;
}

export interface NotificationsTable {
  id: Generated<string>;
  user_id: string;
  title: string;
  message: string;
  type: "success" | "warning" | "error" | "info";
  read: Generated<boolean>;
  created_at: Timestamp;
}

export interface OperatorSettingsTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

export interface DepositAccountsTable {
  user_id: string;
  derivation_index: Generated<number>;
  bank_reference: string;
  created_at: Timestamp;
}

export interface DepositAddressesTable {
  user_id: string;
  network: "bitcoin" | "ethereum" | "tron";
  derivation_index: number;
  address: string;
  created_at: Timestamp;
}

export interface DepositsTable {
  id: Generated<string>;
  user_id: string;
  deposit_type: "bank" | "crypto";
  currency: string;
  amount: string;
  network: string | null;
  transaction_hash: string | null;
  reference: string | null;
  status: Generated<"pending" | "approved" | "rejected">;
  admin_notes: string | null;
  reviewed_by: string | null;
  reviewed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface PaymentMethodsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  address_type: "bank" | "crypto";
  currency: string;
  bank_name: string | null;
  account_number: string | null;
  swift_code: string | null;
  country: string | null;
  account_holder_name: string | null;
  crypto_address: string | null;
  crypto_network: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface KnownDevicesTable {
  user_id: string;
  device_hash: string;
  first_seen_at: Timestamp;
}

export interface DB {
  operator_settings: OperatorSettingsTable;
  deposit_accounts: DepositAccountsTable;
  deposit_addresses: DepositAddressesTable;
  deposits: DepositsTable;
  payment_methods: PaymentMethodsTable;
  known_devices: KnownDevicesTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  recipients: RecipientsTable;
  transfers: TransfersTable;
  transfer_status_changes: TransferStatusChangesTable;
  transfer_codes: TransferCodesTable;
  notifications: NotificationsTable;
  user: UserTable;
  session: SessionTable;
  profiles: ProfilesTable;
  mail_outbox: MailOutboxTable;
  rate_limit_hits: RateLimitHitsTable;
}
