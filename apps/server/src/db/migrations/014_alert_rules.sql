-- Alert rules (issue 14, spec §2 /alerts and §9: types transaction, security, balance; methods e-mail
-- and SMS). A rule belongs to one user; it fires when its event happens, in the event's transaction
-- (modules/alerts/service.ts notifyAlertRules). docs/decisions/020-alert-rules.md.
CREATE TABLE alert_rules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('transaction', 'balance', 'security')),
  method text NOT NULL CHECK (method IN ('email', 'sms')),
  is_enabled boolean NOT NULL DEFAULT true,
  -- Transaction and balance rules: the currency and the threshold, in that currency's minor units.
  currency text,
  amount NUMERIC(38, 0) CHECK (amount > 0),
  -- Transaction rules: which way the money moves.
  direction text CHECK (direction IN ('incoming', 'outgoing', 'both')),
  -- Security rules: the events that fire them.
  security_events text[],
  -- Balance rules: whether the available balance was below the threshold when last seen. The rule fires
  -- when it falls below (false -> true), not again on every movement while it stays there.
  is_below boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((type IN ('transaction', 'balance')) = (currency IS NOT NULL AND amount IS NOT NULL)),
  CHECK ((type = 'transaction') = (direction IS NOT NULL)),
  CHECK ((type = 'security') = (security_events IS NOT NULL AND cardinality(security_events) > 0))
);
CREATE INDEX alert_rules_by_user ON alert_rules (user_id, created_at DESC, id DESC);

-- One row per rule and event it fired for: the unique key makes an event fire a rule at most once,
-- however often the code that reports it runs (a replayed request, a retried job). What was delivered
-- by the rule's method is recorded with it: e-mail is queued in the outbox of the same transaction;
-- SMS is recorded as not delivered while Ferry has no SMS provider.
CREATE TABLE alert_firings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  alert_rule_id uuid NOT NULL REFERENCES alert_rules (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  event_key text NOT NULL,
  method text NOT NULL CHECK (method IN ('email', 'sms')),
  delivery text NOT NULL CHECK (delivery IN ('email_queued', 'not_delivered')),
  delivery_note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (alert_rule_id, event_key)
);
CREATE INDEX alert_firings_by_rule ON alert_firings (alert_rule_id, created_at DESC);
