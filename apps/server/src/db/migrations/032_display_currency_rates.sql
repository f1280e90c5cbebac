-- Display currency (issue 29; docs/decisions/045-display-currency.md): the dashboard and /balance show
-- the total of all balances in the person's display currency (USD, EUR, JPY or BTC) at Ferry's own
-- rates. JPY is a display currency only: no account holds it and no exchange buys it, so the rates
-- table alone learns it. Only USD↔JPY is priced; every other currency reaches JPY through USD.
ALTER TABLE rates DROP CONSTRAINT rates_from_currency_check;
ALTER TABLE rates DROP CONSTRAINT rates_to_currency_check;
ALTER TABLE rates ADD CONSTRAINT rates_from_currency_check
  CHECK (from_currency IN ('USD', 'EUR', 'GBP', 'CAD', 'AUD', 'BTC', 'ETH', 'USDC', 'USDT', 'JPY'));
ALTER TABLE rates ADD CONSTRAINT rates_to_currency_check
  CHECK (to_currency IN ('USD', 'EUR', 'GBP', 'CAD', 'AUD', 'BTC', 'ETH', 'USDC', 'USDT', 'JPY'));

-- An EXAMPLE price like migration 010's, not market data: about the ECB's reference rate of June 2024
-- (157 yen to the dollar), the reverse its exact inverse to 18 decimals. Editable on /admin/rates; the
-- fee is the spec's 0.25 % fiat conversion, unused by a display total.
INSERT INTO rates (from_currency, to_currency, rate, fee_basis_points)
VALUES
  ('USD', 'JPY', 157, 25),
  ('JPY', 'USD', round(1::numeric(38, 18) / 157, 18), 25);
