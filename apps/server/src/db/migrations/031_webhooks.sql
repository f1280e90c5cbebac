-- Webhooks (issue 28; docs/decisions/042-webhooks.md): a connected app's endpoints, the events of the
-- account that owns the app (an outbox written in the money change's own transaction) and one delivery
-- per event and endpoint, retried by the webhook delivery job with Standard Webhooks signatures.
CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  credential_id uuid NOT NULL REFERENCES api_credentials (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  url text NOT NULL,
  events text[] NOT NULL CHECK (cardinality(events) > 0),
  -- The whsec_ signing key must be usable to sign, so it is kept encrypted (AES-256-GCM, a key derived
  -- from AUTH_SECRET), never in clear; the previous one signs beside it for 24 hours after a rotation.
  secret_encrypted text NOT NULL,
  previous_secret_encrypted text,
  previous_secret_expires_at timestamptz,
  secret_last4 text NOT NULL CHECK (length(secret_last4) = 4),
  is_enabled boolean NOT NULL DEFAULT true,
  disabled_reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoints_by_user ON webhook_endpoints (user_id, created_at DESC, id DESC);
CREATE INDEX webhook_endpoints_by_credential ON webhook_endpoints (credential_id);

-- The outbox: written only when the account has an endpoint subscribed to the event's type.
CREATE TABLE webhook_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  type text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  event_id uuid NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  -- The webhook-id header: the same on every attempt and on a resend, so receivers can deduplicate.
  message_id text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'retrying', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  -- When the next attempt is due; while an attempt runs, its lease (a killed process's claim ends with it).
  next_attempt_at timestamptz,
  response_status integer,
  duration_ms integer,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (event_id, endpoint_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status IN ('pending', 'retrying');
CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);
