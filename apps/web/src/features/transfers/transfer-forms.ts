import { CreateTransferRequest, TransferDetails } from "@ferry/core/contracts/transfers";
import { withPositiveAmount } from "@ferry/core/money";
import { z } from "zod";

// The forms of Send Money and Cashout, made from the request the server validates. Zod refuses
// `.pick()` on an object with refinements, so the fields are taken from its shape.
const { currency, amount, memo, code } = CreateTransferRequest.shape;

/** Send Money's amount step: currency, amount (core's amount rule) and an optional memo. */
export const TransferAmountForm = withPositiveAmount(z.object({ currency, amount, memo }));
export type TransferAmountForm = z.output<typeof TransferAmountForm>;

/** Cashout's details: a transfer whose target is one of the user's payment methods (core's amount rule included). */
export const CashoutForm = TransferDetails;

/** The code step of Send Money and of Cashout: the e-mailed 6-digit code. */
export const TransferCodeForm = z.object({ code });
export type TransferCodeForm = z.output<typeof TransferCodeForm>;
