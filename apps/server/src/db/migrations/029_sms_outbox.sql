-- Text messages (issue 27): a transactional outbox like mail_outbox. A message is written in the
-- business transaction; with an SMS provider (SMS_URL) a job delivers it, and without one, outside
-- production, it stays here, readable in the development outbox (/dev/sms). docs/decisions/039.
CREATE TABLE sms_outbox (
  id bigserial PRIMARY KEY,
  user_id text REFERENCES "user" (id) ON DELETE CASCADE,
  -- The profile's phone number as it was when the message was written.
  recipient text NOT NULL,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX sms_outbox_by_user ON sms_outbox (user_id, id DESC);

-- What a firing really delivered: e-mail queued or not sent because the owner turned e-mail off;
-- SMS queued, or not sent because SMS is off, no phone is set, or Ferry has no SMS provider.
-- 'not_delivered' stays for the firings written before this migration.
ALTER TABLE alert_firings DROP CONSTRAINT alert_firings_delivery_check;
ALTER TABLE alert_firings ADD CONSTRAINT alert_firings_delivery_check CHECK (
  delivery IN ('email_queued', 'email_off', 'sms_queued', 'sms_off', 'sms_no_phone', 'sms_unavailable', 'not_delivered')
);
