-- Issue 25: a transfer code names its saved destination by foreign key (recipient_id,
-- payment_method_id) and is bound to that destination's revision (migration 019). destination_ref,
-- the "recipient:<id>" text that edits used to expire codes by, has had no reader since, and the
-- server no longer writes it. Its index (transfer_codes_open_by_destination) goes with it.
ALTER TABLE transfer_codes DROP COLUMN destination_ref;
