-- Issue 24: an admin's review of a deposit carries two notes, kept apart. `admin_notes` stays the
-- internal note, for admins only (every note written so far was typed as one and stays internal);
-- `customer_note` is what the customer is shown, such as why a deposit was rejected. Additive: code
-- from before this migration never reads the new column.
ALTER TABLE deposits ADD COLUMN customer_note text;
