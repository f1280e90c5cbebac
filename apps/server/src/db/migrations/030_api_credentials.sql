-- Issue 28: API credentials for third-party apps (spec §3 user_api_credentials and connected_apps, one
-- row here: each credential is a connected app). The secret is never stored: only an HMAC-SHA256 of it
-- under a key derived from AUTH_SECRET (a fast keyed hash, checked on every API request; the secret is
-- 32 random characters, so no slow password hash is needed) and its last 4 characters, which /connect
-- shows. docs/decisions/041-api-credentials.md.
CREATE TABLE api_credentials (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  app_id text NOT NULL UNIQUE CHECK (app_id ~ '^app_[A-Za-z0-9]{8}$'),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  scopes text[] NOT NULL CHECK (cardinality(scopes) >= 1),
  secret_hash text NOT NULL,
  secret_last4 text NOT NULL CHECK (char_length(secret_last4) = 4),
  -- What a credential with transfers:write may send in 24 hours, in this one currency (minor units).
  transfer_limit_currency text,
  transfer_limit_minor numeric(38, 0) CHECK (transfer_limit_minor > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Recorded at most once a minute, not on every request.
  last_used_at timestamptz,
  -- Disconnect revokes: the row stays, for the transfers and audit entries that name it.
  revoked_at timestamptz,
  CONSTRAINT api_credentials_transfer_limit_whole CHECK (
    (transfer_limit_currency IS NULL) = (transfer_limit_minor IS NULL)
  )
);
CREATE INDEX api_credentials_user ON api_credentials (user_id, created_at DESC, id DESC) WHERE revoked_at IS NULL;

-- A transfer an app made with its credential: history, notifications and the audit name the app, and
-- the credential's daily limit sums these.
ALTER TABLE transfers ADD COLUMN api_credential_id uuid REFERENCES api_credentials (id);
CREATE INDEX transfers_api_credential ON transfers (api_credential_id, created_at DESC)
  WHERE api_credential_id IS NOT NULL;
