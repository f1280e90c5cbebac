-- Only the transfers converted through a quote name one (decision 055, fifteenth round). The UNIQUE
-- constraint of 034 indexed every transfer all the same, most under NULL: one index entry written per
-- transfer for nothing, and an index that grows with the whole table. A partial unique index keeps the
-- rule (a quote names at most one transfer; NULLs never clashed) over the rows that have a quote.
-- Building it holds writes to the table back while it reads the table once.
ALTER TABLE transfers DROP CONSTRAINT transfers_exchange_quote_id_key;
CREATE UNIQUE INDEX transfers_exchange_quote_id_key ON transfers (exchange_quote_id)
  WHERE exchange_quote_id IS NOT NULL;
