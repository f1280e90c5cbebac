-- The investment centre (issue 9, spec §3 investments and investment_transactions). The money itself is
-- the user's ledger account of purpose 'investment' (USD): its balance is the investment's current
-- balance, and every movement is a ledger transfer. These tables hold what the ledger does not: the
-- investment's history with balances after each movement, and how far the daily returns have got.
-- docs/decisions/019-investment-returns.md.

CREATE TABLE investments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- One investment per user: the first deposit creates it, later ones add to it.
  user_id text NOT NULL UNIQUE REFERENCES "user" (id) ON DELETE RESTRICT,
  account_id bigint NOT NULL UNIQUE REFERENCES ledger_accounts (id),
  -- Net principal in USD minor units: deposits add, a withdrawal takes from it first (never below 0).
  amount_invested numeric(38, 0) NOT NULL DEFAULT 0 CHECK (amount_invested >= 0),
  -- Every daily return paid, in USD minor units.
  total_returns numeric(38, 0) NOT NULL DEFAULT 0 CHECK (total_returns >= 0),
  -- 'closed' once a withdrawal empties it; a deposit opens it again.
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'closed')),
  -- The last UTC day a (non-zero) return was paid for; NULL: never.
  last_return_date date,
  -- The job's progress: every UTC day up to this one is settled (paid, or nothing was due). Starts at the
  -- day of the first deposit, which earns nothing (returns run from the day after).
  returns_settled_through date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX investments_created ON investments (created_at DESC, id DESC);
CREATE INDEX investments_settled ON investments (returns_settled_through);

CREATE TABLE investment_transactions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  investment_id uuid NOT NULL REFERENCES investments (id),
  user_id text NOT NULL REFERENCES "user" (id) ON DELETE RESTRICT,
  type text NOT NULL CHECK (type IN ('deposit', 'withdraw', 'daily_return')),
  amount numeric(38, 0) NOT NULL CHECK (amount > 0),
  -- The investment account's ledger balance right after this movement.
  balance_after numeric(38, 0) NOT NULL CHECK (balance_after >= 0),
  -- The ledger transfer that moved the money (its transfer_key is unique in ledger_transfers).
  ledger_transfer_id bigint NOT NULL UNIQUE REFERENCES ledger_transfers (id),
  -- The UTC day a daily return is for; NULL for deposits and withdrawals.
  for_date date,
  -- When the movement counts for the returns: a deposit or withdrawal when it happened, a return at the
  -- midnight that ends its day (even when paid later), so a late payment compounds as an early one would.
  effective_at timestamptz NOT NULL,
  -- A deposit's or withdrawal's Idempotency-Key and the hash of its request, so a retry finds it.
  idempotency_key text,
  request_hash text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT investment_transactions_return_day CHECK ((type = 'daily_return') = (for_date IS NOT NULL)),
  CONSTRAINT investment_transactions_request CHECK ((type = 'daily_return') = (idempotency_key IS NULL)),
  CONSTRAINT investment_transactions_idempotency UNIQUE (user_id, idempotency_key),
  -- One return per investment and day: the ledger's unique transfer key says so too.
  CONSTRAINT investment_transactions_one_return_a_day UNIQUE (investment_id, for_date)
);
CREATE INDEX investment_transactions_recent ON investment_transactions (investment_id, created_at DESC, id DESC);
CREATE INDEX investment_transactions_effective ON investment_transactions (investment_id, effective_at);

-- The UTC days on which admins were told that the yield reserve could not cover the returns due: one
-- notification per admin per day, however many runs find it short.
CREATE TABLE yield_reserve_alerts (
  alert_date date PRIMARY KEY,
  shortfall_days integer NOT NULL CHECK (shortfall_days > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
