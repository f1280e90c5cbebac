import { describe, expect, it } from "vitest";
import { CRYPTO_CURRENCIES, CURRENCIES } from "../currencies.ts";
import {
  BANK_CURRENCIES,
  CRYPTO_NETWORK_IDS,
  CRYPTO_NETWORKS,
  isNetworkAllowedForCurrency,
  SEND_NETWORKS_BY_CURRENCY,
  WITHDRAWAL_NETWORKS,
} from "./networks.ts";

describe("networks and currencies of spec §5", () => {
  it("names every network as the spec's selects show it", () => {
    expect(CRYPTO_NETWORK_IDS).toEqual(["bitcoin", "ethereum", "polygon", "tron", "bsc"]);
    expect(CRYPTO_NETWORK_IDS.map((id) => CRYPTO_NETWORKS[id].name)).toEqual([
      "Bitcoin",
      "Ethereum (ERC-20)",
      "Polygon",
      "Tron (TRC-20)",
      "BSC (Binance Smart Chain)",
    ]);
  });

  it("offers bank recipients USD, EUR, CAD, AUD and crypto recipients BTC, ETH, USDC, USDT", () => {
    expect(BANK_CURRENCIES).toEqual(["USD", "EUR", "CAD", "AUD"]);
    expect(CRYPTO_CURRENCIES).toEqual(["BTC", "ETH", "USDC", "USDT"]);
    for (const code of BANK_CURRENCIES) {
      expect(CURRENCIES[code].kind).toBe("fiat");
    }
    for (const code of CRYPTO_CURRENCIES) {
      expect(CURRENCIES[code].kind).toBe("crypto");
    }
  });

  it("sends BTC on Bitcoin; ETH, USDC, USDT on Ethereum and Polygon; USDT also on Tron", () => {
    expect(SEND_NETWORKS_BY_CURRENCY).toEqual({
      BTC: ["bitcoin"],
      ETH: ["ethereum", "polygon"],
      USDC: ["ethereum", "polygon"],
      USDT: ["ethereum", "polygon", "tron"],
    });
  });

  it("keeps withdrawal addresses on Bitcoin, Ethereum, Polygon and BSC", () => {
    expect(WITHDRAWAL_NETWORKS).toEqual(["bitcoin", "ethereum", "polygon", "bsc"]);
  });
});

describe("isNetworkAllowedForCurrency", () => {
  it.each([
    ["BTC", "bitcoin"],
    ["ETH", "ethereum"],
    ["ETH", "polygon"],
    ["USDC", "ethereum"],
    ["USDC", "polygon"],
    ["USDT", "ethereum"],
    ["USDT", "polygon"],
    ["USDT", "tron"],
  ])("allows %s on %s", (currency, network) => {
    expect(isNetworkAllowedForCurrency(currency, network)).toBe(true);
  });

  it.each([
    ["BTC", "polygon"],
    ["BTC", "ethereum"],
    ["BTC", "tron"],
    ["ETH", "tron"],
    ["USDC", "tron"],
    ["ETH", "bitcoin"],
    ["USDT", "bsc"],
    ["ETH", "bsc"],
    ["USD", "ethereum"],
    ["SOL", "solana"],
    ["usdt", "tron"],
    ["USDT", "Tron"],
    ["toString", "bitcoin"],
    ["BTC", "hasOwnProperty"],
  ])("refuses %s on %s", (currency, network) => {
    expect(isNetworkAllowedForCurrency(currency, network)).toBe(false);
  });
});
