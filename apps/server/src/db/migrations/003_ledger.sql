-- The ledger: accounts and immutable double-entry transfers (two-phase, as in TigerBeetle).
-- Amounts are integer minor units of the account's currency (NUMERIC(38,0), never floating point).

CREATE TABLE ledger_accounts (
  id bigserial PRIMARY KEY,
  -- NULL for Ferry's own system accounts.
  owner_user_id text REFERENCES "user" (id) ON DELETE RESTRICT,
  currency text NOT NULL CHECK (currency IN ('USD', 'EUR', 'GBP', 'CAD', 'AUD', 'BTC', 'ETH', 'USDC', 'USDT')),
  purpose text NOT NULL CHECK (
    purpose IN ('wallet', 'investment', 'bank_deposits', 'crypto_deposits', 'payouts', 'fees', 'fx', 'yield_reserve')
  ),
  balance numeric(38, 0) NOT NULL DEFAULT 0,
  reserved numeric(38, 0) NOT NULL DEFAULT 0 CHECK (reserved >= 0),
  -- Only accounts that stand for the outside world (money entering from banks and chains) may go negative.
  is_external boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_accounts_no_overdraft CHECK (is_external OR balance - reserved >= 0),
  CONSTRAINT ledger_accounts_user_purpose CHECK ((owner_user_id IS NULL) = (purpose NOT IN ('wallet', 'investment'))),
  CONSTRAINT ledger_accounts_unique UNIQUE NULLS NOT DISTINCT (owner_user_id, currency, purpose)
);

INSERT INTO ledger_accounts (owner_user_id, currency, purpose, is_external)
SELECT NULL, currency, purpose, purpose IN ('bank_deposits', 'crypto_deposits')
FROM unnest(ARRAY['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'BTC', 'ETH', 'USDC', 'USDT']) AS currency
CROSS JOIN unnest(ARRAY['bank_deposits', 'crypto_deposits', 'payouts', 'fees', 'fx', 'yield_reserve']) AS purpose;

CREATE TABLE ledger_transfers (
  id bigserial PRIMARY KEY,
  -- Client-supplied unique id: the same id again returns the first outcome and moves nothing.
  transfer_key text NOT NULL UNIQUE,
  debit_account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  credit_account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  amount numeric(38, 0) NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  kind text NOT NULL,
  reference_type text,
  reference_id text,
  state text NOT NULL CHECK (state IN ('pending', 'posted', 'voided')),
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  CONSTRAINT ledger_transfers_distinct_accounts CHECK (debit_account_id <> credit_account_id)
);
CREATE INDEX ledger_transfers_debit ON ledger_transfers (debit_account_id);
CREATE INDEX ledger_transfers_credit ON ledger_transfers (credit_account_id, id DESC);
CREATE INDEX ledger_transfers_reference ON ledger_transfers (reference_type, reference_id);

-- Saved recipients (spec §3).
CREATE TABLE recipients (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('bank', 'crypto')),
  name text NOT NULL,
  email text NOT NULL,
  currency text NOT NULL,
  bank_name text,
  country text,
  account_number text,
  swift_code text,
  account_holder_name text,
  crypto_address text,
  crypto_network text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX recipients_user ON recipients (user_id, type, created_at DESC);

-- Money sent by a user: to a bank or crypto recipient, or to another Ferry user.
CREATE TABLE transfers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  sender_user_id text NOT NULL REFERENCES "user" (id),
  method text NOT NULL CHECK (method IN ('bank', 'crypto', 'ferry_user')),
  recipient_id uuid REFERENCES recipients (id) ON DELETE SET NULL,
  recipient_user_id text REFERENCES "user" (id),
  -- A snapshot of where the money goes, kept even if the saved recipient is edited or deleted.
  recipient_email text NOT NULL,
  recipient_name text NOT NULL,
  recipient_bank_name text,
  recipient_country text,
  recipient_account_number text,
  recipient_swift_code text,
  crypto_address text,
  crypto_network text,
  currency text NOT NULL,
  amount numeric(38, 0) NOT NULL CHECK (amount > 0),
  fee numeric(38, 0) NOT NULL CHECK (fee >= 0),
  memo text,
  status text NOT NULL CHECK (status IN ('pending', 'processed', 'sent', 'failed', 'cancelled')),
  -- Bumped each time the transfer's money is reserved or posted again after a release.
  ledger_generation integer NOT NULL DEFAULT 0,
  sender_account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  destination_account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  fee_account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT transfers_idempotency UNIQUE (sender_user_id, idempotency_key)
);
CREATE INDEX transfers_sender ON transfers (sender_user_id, created_at DESC, id DESC);
CREATE INDEX transfers_recipient_user ON transfers (recipient_user_id, created_at DESC, id DESC);
CREATE INDEX transfers_created ON transfers (created_at DESC, id DESC);

-- Who changed a transfer's status, when, from what to what.
CREATE TABLE transfer_status_changes (
  id bigserial PRIMARY KEY,
  transfer_id uuid NOT NULL REFERENCES transfers (id),
  actor_user_id text NOT NULL REFERENCES "user" (id),
  from_status text NOT NULL,
  to_status text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX transfer_status_changes_transfer ON transfer_status_changes (transfer_id, id);

-- Transfer verification codes, bound to one recipient, amount and currency (dynamic linking).
CREATE TABLE transfer_codes (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  binding_hash text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX transfer_codes_user ON transfer_codes (user_id, binding_hash, id DESC);

-- Notifications (spec §3): a record per event for a user.
CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  title text NOT NULL,
  message text NOT NULL,
  type text NOT NULL CHECK (type IN ('success', 'warning', 'error', 'info')),
  read boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user ON notifications (user_id, created_at DESC);
