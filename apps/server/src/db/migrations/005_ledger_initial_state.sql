-- The state a ledger transfer was created with, so a replay of its key is compared with what was
-- asked then (a reserve, or a move), not with where its life has taken it since.
ALTER TABLE ledger_transfers ADD COLUMN initial_state text CHECK (initial_state IN ('pending', 'posted'));
UPDATE ledger_transfers
SET initial_state = CASE
  WHEN state = 'posted' AND settled_at <= created_at + interval '1 second' THEN 'posted'
  ELSE 'pending'
END;
ALTER TABLE ledger_transfers ALTER COLUMN initial_state SET NOT NULL;
