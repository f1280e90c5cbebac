-- Issue 24: a device cookie (OWASP's "device cookies", modules/auth/devices.ts) names the generation of
-- the user's device cookies it was issued in; a completed password reset or password change moves the
-- user to the next one, and a cookie of an older generation counts for nothing, so a cookie someone got
-- while they controlled the account does not outlive the reset. A user without a row is in generation 0.
-- Additive: code from before this migration never reads the table.
CREATE TABLE device_cookie_generations (
  user_id text PRIMARY KEY REFERENCES "user" (id) ON DELETE CASCADE,
  generation integer NOT NULL CHECK (generation > 0),
  changed_at timestamptz NOT NULL DEFAULT now()
);
