-- Authenticator apps (issue 27): a TOTP code is accepted once. Each user's last accepted 30-second
-- time-step (RFC 6238's counter T) is kept here, and a code is accepted only for a later step, so a
-- code seen over someone's shoulder, or replayed from a captured request, is refused within its
-- window (RFC 6238 §5.2). Better Auth's "twoFactor" table keeps the secret and the backup codes.
CREATE TABLE totp_accepted_steps (
  user_id text PRIMARY KEY REFERENCES "user" (id) ON DELETE CASCADE,
  last_step bigint NOT NULL CHECK (last_step >= 0)
);
