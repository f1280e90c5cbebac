-- Currency exchange (issue 9): the one rate source of the product, customer quotes, and the operator's
-- FX accounts as the market counterparty (docs/decisions/018-exchange-rates-and-rounding.md).

-- One row per ordered pair of the nine currencies (72): how many units of `to_currency` one unit of
-- `from_currency` buys, as an exact decimal, and the fee of that conversion in basis points.
CREATE TABLE rates (
  from_currency text NOT NULL CHECK (from_currency IN ('USD', 'EUR', 'GBP', 'CAD', 'AUD', 'BTC', 'ETH', 'USDC', 'USDT')),
  to_currency text NOT NULL CHECK (to_currency IN ('USD', 'EUR', 'GBP', 'CAD', 'AUD', 'BTC', 'ETH', 'USDC', 'USDT')),
  rate numeric(38, 18) NOT NULL CHECK (rate > 0),
  -- 1 bp = 0.01 %; at most 10 %, core's MAX_EXCHANGE_FEE_BASIS_POINTS.
  fee_basis_points integer NOT NULL CHECK (fee_basis_points BETWEEN 0 AND 1000),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- The admin who last set the pair; NULL for the seeded defaults. No foreign key, like audit_log's
  -- actor: the trail survives the account (every change is in audit_log as "rate.update" too).
  updated_by text,
  PRIMARY KEY (from_currency, to_currency),
  CONSTRAINT rates_two_currencies CHECK (from_currency <> to_currency)
);

-- Offline defaults: EXAMPLE prices, not market data. Each currency's price in US dollars, rounded to
-- about the levels of June 2024 (the ECB's euro foreign exchange reference rates for EUR, GBP, CAD and
-- AUD against USD; CoinMarketCap daily closes for BTC and ETH; the stablecoins at par). Every pair is the cross rate price(from) / price(to),
-- rounded to 18 decimals, so the table is consistent. An operator replaces them (/admin/rates, or a
-- live RateProvider) before real money moves.
-- Fees are the spec's (§9): USD→BTC 0.5 %, USD→ETH 0.5 %, USD→USDC 0.1 %, BTC→USD 0.8 %, ETH→USD 0.8 %,
-- EUR→USD 0.3 %, and the 0.25 % fiat conversion for every other pair.
WITH prices (currency, usd_price) AS (
  VALUES
    ('USD', 1::numeric),
    ('EUR', 1.08),
    ('GBP', 1.27),
    ('CAD', 0.73),
    ('AUD', 0.66),
    ('BTC', 65000),
    ('ETH', 3500),
    ('USDC', 1),
    ('USDT', 1)
)
INSERT INTO rates (from_currency, to_currency, rate, fee_basis_points)
SELECT f.currency, t.currency,
  round(f.usd_price::numeric(38, 18) / t.usd_price, 18),
  CASE f.currency || '>' || t.currency
    WHEN 'USD>BTC' THEN 50
    WHEN 'USD>ETH' THEN 50
    WHEN 'USD>USDC' THEN 10
    WHEN 'BTC>USD' THEN 80
    WHEN 'ETH>USD' THEN 80
    WHEN 'EUR>USD' THEN 30
    ELSE 25
  END
FROM prices f CROSS JOIN prices t
WHERE f.currency <> t.currency;

-- A customer's quote: the rate and fee locked for 30 seconds (expires_at), and exactly what confirming
-- it moves. Amounts are minor units: `amount` (fee included) and `fee` of from_currency, `receive` of
-- to_currency. Confirming it writes executed_at and the request's Idempotency-Key, once; its ledger
-- legs carry reference ('exchange', id) and the keys exchange:<id>:sell, :fee and :buy.
CREATE TABLE exchange_quotes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text NOT NULL REFERENCES "user" (id),
  from_currency text NOT NULL CHECK (from_currency IN ('USD', 'EUR', 'GBP', 'CAD', 'AUD', 'BTC', 'ETH', 'USDC', 'USDT')),
  to_currency text NOT NULL CHECK (to_currency IN ('USD', 'EUR', 'GBP', 'CAD', 'AUD', 'BTC', 'ETH', 'USDC', 'USDT')),
  amount numeric(38, 0) NOT NULL CHECK (amount > 0),
  fee numeric(38, 0) NOT NULL CHECK (fee >= 0 AND fee < amount),
  receive numeric(38, 0) NOT NULL CHECK (receive > 0),
  rate numeric(38, 18) NOT NULL CHECK (rate > 0),
  fee_basis_points integer NOT NULL CHECK (fee_basis_points BETWEEN 0 AND 1000),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  executed_at timestamptz,
  idempotency_key text,
  CONSTRAINT exchange_quotes_two_currencies CHECK (from_currency <> to_currency),
  CONSTRAINT exchange_quotes_lifetime CHECK (expires_at > created_at),
  CONSTRAINT exchange_quotes_executed_once CHECK ((executed_at IS NULL) = (idempotency_key IS NULL)),
  CONSTRAINT exchange_quotes_idempotency UNIQUE (user_id, idempotency_key)
);
-- History lists a user's confirmed exchanges newest first; stale quotes are pruned per user.
CREATE INDEX exchange_quotes_executed ON exchange_quotes (user_id, executed_at DESC, id DESC)
  WHERE executed_at IS NOT NULL;
CREATE INDEX exchange_quotes_open ON exchange_quotes (user_id, expires_at) WHERE executed_at IS NULL;

-- The operator's FX accounts are its trading position: the market counterparty of every exchange. A
-- customer's USD sold lands in fx USD, the EUR they buy leaves fx EUR. Like the deposit accounts they
-- stand for the outside world, so they may go negative: fx EUR below zero is EUR the operator owes the
-- market and covers by trading (selling the USD that fx USD holds). Every currency still sums to zero.
UPDATE ledger_accounts SET is_external = true WHERE owner_user_id IS NULL AND purpose = 'fx';
