import { CRYPTO_CURRENCIES, type CryptoCurrency, type CurrencyCode } from "../currencies.ts";

/**
 * The blockchains Ferry knows. `name` is what a select shows (spec §5 wording); `shortName` is the
 * chain's name inside a sentence ("This is not a valid Polygon address").
 */
export const CRYPTO_NETWORKS = {
  bitcoin: { id: "bitcoin", name: "Bitcoin", shortName: "Bitcoin" },
  ethereum: { id: "ethereum", name: "Ethereum (ERC-20)", shortName: "Ethereum" },
  polygon: { id: "polygon", name: "Polygon", shortName: "Polygon" },
  tron: { id: "tron", name: "Tron (TRC-20)", shortName: "Tron" },
  bsc: { id: "bsc", name: "BSC (Binance Smart Chain)", shortName: "BSC" },
} as const;

export type CryptoNetworkId = keyof typeof CRYPTO_NETWORKS;

/** Every network id, in display order. */
export const CRYPTO_NETWORK_IDS = Object.keys(CRYPTO_NETWORKS) as [CryptoNetworkId, ...CryptoNetworkId[]];

/** The currencies a bank recipient can receive (spec §5 Send money). */
export const BANK_CURRENCIES = ["USD", "EUR", "CAD", "AUD"] as const satisfies readonly CurrencyCode[];
export type BankCurrency = (typeof BANK_CURRENCIES)[number];

/**
 * Which networks each crypto currency can be sent on (spec §5 Send money): BTC only on Bitcoin;
 * ETH, USDC and USDT on Ethereum and Polygon; USDT also on Tron. BSC is not a Send Money network.
 */
export const SEND_NETWORKS_BY_CURRENCY: Readonly<Record<CryptoCurrency, readonly CryptoNetworkId[]>> = {
  BTC: ["bitcoin"],
  ETH: ["ethereum", "polygon"],
  USDC: ["ethereum", "polygon"],
  USDT: ["ethereum", "polygon", "tron"],
};

/** The networks a saved withdrawal address can be on (spec §5 Withdrawal address). */
export const WITHDRAWAL_NETWORKS = [
  "bitcoin",
  "ethereum",
  "polygon",
  "bsc",
] as const satisfies readonly CryptoNetworkId[];

/** Whether a string is one of Ferry's network ids. */
export function isCryptoNetworkId(value: string): value is CryptoNetworkId {
  return Object.hasOwn(CRYPTO_NETWORKS, value);
}

/** Whether a string is a currency a crypto recipient can receive. */
export function isCryptoCurrency(value: string): value is CryptoCurrency {
  return (CRYPTO_CURRENCIES as readonly string[]).includes(value);
}

/**
 * Whether Send Money may send `currency` on `network` (spec §5). Anything unknown is not allowed,
 * so a typo never widens what the server accepts.
 */
export function isNetworkAllowedForCurrency(currency: string, network: string): boolean {
  if (!isCryptoCurrency(currency) || !isCryptoNetworkId(network)) {
    return false;
  }
  return SEND_NETWORKS_BY_CURRENCY[currency].includes(network);
}
