-- One audit table for every admin action (DESIGN: "one audit table for admin actions"): deposit reviews,
-- bans, rate edits, yield-reserve top-ups, and later KYC decisions. Append-only: nothing updates or
-- deletes a row. Transfer status changes keep their own history (transfer_status_changes) as well.
CREATE TABLE audit_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The admin who acted; kept if their account is later deleted, so the trail survives.
  actor_user_id text NOT NULL,
  -- What was done, as "<subject>.<verb>": "deposit.approve", "user.ban", "rate.update"...
  action text NOT NULL CHECK (action ~ '^[a-z_]+\.[a-z_]+$'),
  subject_type text NOT NULL,
  subject_id text NOT NULL,
  -- The facts of the action (amounts as strings of minor units, old and new values); never secrets.
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_subject ON audit_log (subject_type, subject_id, created_at DESC);
CREATE INDEX audit_log_recent ON audit_log (created_at DESC, id DESC);
