-- Domestic bank codes (issue 19, decision 017): the country decides a bank destination's format, and the
-- formats without an IBAN carry a bank code beside the account number: the ABA routing number (United
-- States), the electronic routing number "0" + institution + transit (Canada), the BSB (Australia) or
-- the sort code (United Kingdom, GBP). NULL for an IBAN, a crypto address, and every row saved before.
ALTER TABLE recipients ADD COLUMN bank_code text;
ALTER TABLE payment_methods ADD COLUMN bank_code text;
-- The transfer keeps the code with the rest of its destination snapshot, whatever happens to the row later.
ALTER TABLE transfers ADD COLUMN recipient_bank_code text;
