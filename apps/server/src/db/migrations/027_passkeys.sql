-- Passkeys (issue 27, decision 037): WebAuthn credentials a user registered, each signing in as both
-- factors (user verification required). The public key is the authenticator's COSE key, as
-- registration returned it; the counter is the authenticator's signature count (0 when it keeps none).
CREATE TABLE passkeys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  -- The credential id, base64url, as the browser names it in an assertion: unique across all users.
  credential_id text NOT NULL UNIQUE CHECK (length(credential_id) BETWEEN 1 AND 1400),
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
  -- How the browser may reach the authenticator ("internal", "hybrid", "usb"…), a hint for sign-in.
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX passkeys_user_created ON passkeys (user_id, created_at DESC, id DESC);

-- The challenges of WebAuthn ceremonies: single use (consumed by DELETE … RETURNING), dead after a few
-- minutes. A registration's is bound to the signed-in session that asked for it; a sign-in's to no one
-- (the passkey names its account), and found by the challenge the signed client data carries.
CREATE TABLE passkey_challenges (
  challenge text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('registration', 'sign_in')),
  user_id text REFERENCES "user" (id) ON DELETE CASCADE,
  session_id text,
  expires_at timestamptz NOT NULL,
  CHECK ((purpose = 'registration') = (user_id IS NOT NULL AND session_id IS NOT NULL))
);
CREATE INDEX passkey_challenges_expires ON passkey_challenges (expires_at);
