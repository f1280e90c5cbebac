-- Money hardening (issue 7).

-- The destination a transfer code was issued for ("user:<id>", "recipient:<id>" or
-- "payment-method:<id>"), so that editing or deleting a payment method can expire the codes issued for
-- it in the same transaction. Codes issued before this migration have none; they die within 15 minutes.
ALTER TABLE transfer_codes ADD COLUMN destination_ref text;
CREATE INDEX transfer_codes_open_by_destination ON transfer_codes (user_id, destination_ref)
  WHERE consumed_at IS NULL;

-- When a transfer's amount last began to count toward its sender's daily limit: when it was created,
-- or when an admin reopened it after it had been failed or cancelled (its money is reserved again then).
ALTER TABLE transfers ADD COLUMN limit_counted_at timestamptz NOT NULL DEFAULT now();
UPDATE transfers SET limit_counted_at = created_at;
-- The daily limit sums a sender's outgoing external transfers (bank, crypto, cash-out) of one currency.
CREATE INDEX transfers_outgoing_external ON transfers (sender_user_id, currency, limit_counted_at)
  WHERE method <> 'ferry_user';
