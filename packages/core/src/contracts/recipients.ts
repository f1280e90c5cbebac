import { z } from "zod";
import { CurrencyCodeSchema } from "./balances.ts";

/** A saved recipient as the API returns it (spec §3 recipients). */
export const Recipient = z.object({
  id: z.uuid(),
  type: z.enum(["bank", "crypto"]),
  name: z.string(),
  email: z.string(),
  currency: CurrencyCodeSchema,
  bankName: z.string().nullable(),
  country: z.string().nullable(),
  accountNumber: z.string().nullable(),
  swiftCode: z.string().nullable(),
  accountHolderName: z.string().nullable(),
  cryptoAddress: z.string().nullable(),
  cryptoNetwork: z.string().nullable(),
  createdAt: z.string(),
});
export type Recipient = z.infer<typeof Recipient>;

export const RecipientListQuery = z.object({ type: z.enum(["bank", "crypto"]) });
export const RecipientList = z.object({ recipients: z.array(Recipient) });
export type RecipientList = z.infer<typeof RecipientList>;
