import { maskAccountNumber, shortenAddress } from "@ferry/core/contracts/payment-methods";
import type { Recipient } from "@ferry/core/contracts/recipients";
import type { TransferDetails, TransferQuote, TransferTarget } from "@ferry/core/contracts/transfers";
import type { CurrencyCode } from "@ferry/core/currencies";
import { CRYPTO_NETWORKS, isCryptoNetworkId } from "@ferry/core/validation/networks";

/** How the money leaves: to a saved bank or crypto recipient, or instantly to another Ferry user. */
export type SendMethod = "bank" | "crypto" | "ferry_user";

/** The steps of spec §4, in order. A saved recipient skips `details`. */
export const SEND_STEPS = ["method", "recipient", "details", "amount", "verification"] as const;
export type SendStep = (typeof SEND_STEPS)[number];

/** Who receives the money, as the later steps show it. */
export interface ChosenRecipient {
  readonly target: Exclude<TransferTarget, { method: "withdrawal" }>;
  readonly name: string;
  readonly email: string;
  /** The bank and masked account, or the network and shortened address; none for a Ferry user. */
  readonly detail: string | null;
  /** A saved recipient receives exactly its own currency; a Ferry user any currency the sender holds. */
  readonly currency: CurrencyCode | null;
}

/** The amount step's result: what was typed, and the server's figures for exactly that. */
export interface ChosenAmount {
  readonly amount: string;
  readonly currency: CurrencyCode;
  /** The balance it is paid from: `currency` itself, or another one through `quote.exchange`. */
  readonly payFrom: CurrencyCode;
  readonly memo: string;
  readonly quote: TransferQuote;
  /** Paid from another balance: when the exchange quote stops holding, on this browser's clock. */
  readonly expiresAtMs: number | null;
}

export interface SendMoneyFlow {
  /** The steps visited, the current one last: Back pops it. */
  readonly history: readonly SendStep[];
  readonly method: SendMethod | null;
  readonly recipient: ChosenRecipient | null;
  readonly payment: ChosenAmount | null;
  /** The saved recipient the details step edits; null when it adds a new one. */
  readonly editing: Recipient | null;
  /**
   * One key per intended transfer, made when the verification step is reached: double clicks and
   * retries of Confirm reuse it, so the server sends the money once.
   */
  readonly idempotencyKey: string | null;
}

export const INITIAL_FLOW: SendMoneyFlow = {
  history: ["method"],
  method: null,
  recipient: null,
  payment: null,
  editing: null,
  idempotencyKey: null,
};

/**
 * How Send Money may be opened from a link: `large` (the header's "Large transfers",
 * `/dashboard?tab=send&type=large`) starts with a bank transfer chosen, at the recipient step.
 */
export type SendMoneyPreset = "large";

/** The flow a dialog starts with: the method step, or a bank transfer's recipient step for `large`. */
export function initialFlowOf(preset: SendMoneyPreset | undefined): SendMoneyFlow {
  if (preset === "large") {
    // Back from the recipient step still reaches the method choice.
    return { ...INITIAL_FLOW, method: "bank", history: ["method", "recipient"] };
  }
  return INITIAL_FLOW;
}

export function currentStep(flow: SendMoneyFlow): SendStep {
  return flow.history.at(-1) ?? "method";
}

function networkName(network: string | null): string {
  if (network && isCryptoNetworkId(network)) {
    return CRYPTO_NETWORKS[network].name;
  }
  return network ?? "";
}

/** One line that tells a saved recipient's account apart: bank and masked account, or network and address. */
export function recipientDetailOf(recipient: Recipient): string {
  if (recipient.type === "bank") {
    return `${recipient.bankName ?? ""} · ${maskAccountNumber(recipient.accountNumber ?? "")}`;
  }
  return `${networkName(recipient.cryptoNetwork)} · ${shortenAddress(recipient.cryptoAddress ?? "")}`;
}

export function chosenFromSaved(recipient: Recipient): ChosenRecipient {
  return {
    target: { method: recipient.type, recipientId: recipient.id },
    name: recipient.name,
    email: recipient.email,
    detail: recipientDetailOf(recipient),
    currency: recipient.currency,
  };
}

export function chosenFerryUser(email: string): ChosenRecipient {
  return { target: { method: "ferry_user", recipientEmail: email }, name: email, email, detail: null, currency: null };
}

/** The details a quote, a code and the transfer itself are all bound to (with the exchange's quote, if any). */
export function detailsOf(
  recipient: ChosenRecipient,
  amount: string,
  currency: CurrencyCode,
  quoteId?: string,
): TransferDetails {
  return { target: recipient.target, amount, currency, ...(quoteId ? { quoteId } : {}) };
}
