-- Issue 26: an admin deletes a user by closing their account. The user row stays (ledger accounts,
-- transfers and the audit trail point at it, and money records are never destroyed), pseudonymised;
-- this row says the account is closed, when, and by whom, so it leaves the admin's list and can never
-- sign in again. Additive: code from before this migration never reads the table.
CREATE TABLE account_closures (
  user_id text PRIMARY KEY REFERENCES "user" (id) ON DELETE RESTRICT,
  closed_by text NOT NULL REFERENCES "user" (id),
  closed_at timestamptz NOT NULL DEFAULT now()
);
