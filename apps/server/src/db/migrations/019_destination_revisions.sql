-- Issue 25: saved destinations own their tables (modules/destinations), and a transfer code is bound to
-- the revision of the destination it was issued for (docs/decisions/024-destinations-own-their-tables.md).

-- Every edit of a saved recipient or payment method raises its revision by one, so a code issued at an
-- earlier revision is refused even when the details are changed back, without the edit touching codes.
ALTER TABLE recipients ADD COLUMN revision integer NOT NULL DEFAULT 1 CHECK (revision >= 1);
ALTER TABLE payment_methods ADD COLUMN revision integer NOT NULL DEFAULT 1 CHECK (revision >= 1);

-- The revision a code was issued at (a Ferry user, whose destination is their wallet, is always at 1).
ALTER TABLE transfer_codes ADD COLUMN destination_revision integer NOT NULL DEFAULT 1;

-- The saved destination a code was issued for: deleting it deletes its codes in the database, so a
-- delete needs no call into transfers either. Codes of destinations deleted before this migration were
-- expired then, and open ones die within 15 minutes.
ALTER TABLE transfer_codes
  ADD COLUMN recipient_id uuid REFERENCES recipients (id) ON DELETE CASCADE,
  ADD COLUMN payment_method_id uuid REFERENCES payment_methods (id) ON DELETE CASCADE;
CREATE INDEX transfer_codes_recipient ON transfer_codes (recipient_id) WHERE recipient_id IS NOT NULL;
CREATE INDEX transfer_codes_payment_method ON transfer_codes (payment_method_id) WHERE payment_method_id IS NOT NULL;
UPDATE transfer_codes c SET recipient_id = r.id
FROM recipients r
WHERE c.destination_ref = 'recipient:' || r.id::text AND c.consumed_at IS NULL;
UPDATE transfer_codes c SET payment_method_id = m.id
FROM payment_methods m
WHERE c.destination_ref = 'payment-method:' || m.id::text AND c.consumed_at IS NULL;
