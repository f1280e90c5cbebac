-- Operator settings that the server may write itself (development deposit keys); public values only.
CREATE TABLE operator_settings (
  key text PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Each user gets one derivation index, used for their address on every network and their bank reference.
CREATE SEQUENCE deposit_index_seq START 1;
CREATE TABLE deposit_accounts (
  user_id text PRIMARY KEY REFERENCES "user" (id) ON DELETE CASCADE,
  derivation_index integer NOT NULL UNIQUE DEFAULT nextval('deposit_index_seq') CHECK (derivation_index >= 0),
  bank_reference text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE deposit_addresses (
  user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  network text NOT NULL CHECK (network IN ('bitcoin', 'ethereum', 'tron')),
  derivation_index integer NOT NULL,
  address text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, network)
);

-- Deposits reported by users (or found by a watcher) wait for an admin before any money moves.
CREATE TABLE deposits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text NOT NULL REFERENCES "user" (id),
  deposit_type text NOT NULL CHECK (deposit_type IN ('bank', 'crypto')),
  currency text NOT NULL,
  amount numeric(38, 0) NOT NULL CHECK (amount > 0),
  network text,
  transaction_hash text,
  reference text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  admin_notes text,
  reviewed_by text REFERENCES "user" (id),
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX deposits_user ON deposits (user_id, created_at DESC);
CREATE INDEX deposits_pending ON deposits (created_at) WHERE status = 'pending';

-- Saved payment methods for cash-out (spec §3 withdrawal_addresses).
CREATE TABLE payment_methods (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  name text NOT NULL,
  address_type text NOT NULL CHECK (address_type IN ('bank', 'crypto')),
  currency text NOT NULL,
  bank_name text,
  account_number text,
  swift_code text,
  country text,
  account_holder_name text,
  crypto_address text,
  crypto_network text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_methods_user ON payment_methods (user_id, created_at DESC);

-- Cash-outs are transfers to one of the user's own payment methods.
ALTER TABLE transfers DROP CONSTRAINT transfers_method_check;
ALTER TABLE transfers ADD CONSTRAINT transfers_method_check CHECK (method IN ('bank', 'crypto', 'ferry_user', 'withdrawal'));
ALTER TABLE transfers ADD COLUMN payment_method_id uuid REFERENCES payment_methods (id) ON DELETE SET NULL;
CREATE INDEX transfers_withdrawals ON transfers (sender_user_id, created_at) WHERE method = 'withdrawal';

-- Devices a user has signed in from, to tell them about a sign-in from a new one.
CREATE TABLE known_devices (
  user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  device_hash text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, device_hash)
);
