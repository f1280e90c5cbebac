-- Send in one currency, pay out in another (issue 30, decision 054). A transfer paid from another
-- balance is priced with an exchange quote of purpose 'transfer': what the transfer needs (its amount
-- and fee) bought with the least amount of the balance paid from, held 30 seconds like any quote.
-- Confirming the transfer executes its quote in the same ledger operation: executed_at is set and
-- transfers.exchange_quote_id names the quote, once (unique). Such a quote is never confirmed as an
-- exchange of its own, so it never has an Idempotency-Key; an exchange's quote always has one.
ALTER TABLE exchange_quotes
  ADD COLUMN purpose text NOT NULL DEFAULT 'exchange' CHECK (purpose IN ('exchange', 'transfer'));
ALTER TABLE exchange_quotes DROP CONSTRAINT exchange_quotes_executed_once;
ALTER TABLE exchange_quotes ADD CONSTRAINT exchange_quotes_executed_once CHECK (
  CASE purpose
    WHEN 'exchange' THEN (executed_at IS NULL) = (idempotency_key IS NULL)
    ELSE idempotency_key IS NULL
  END
);
ALTER TABLE transfers ADD COLUMN exchange_quote_id uuid UNIQUE REFERENCES exchange_quotes (id);
