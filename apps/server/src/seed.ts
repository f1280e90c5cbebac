import type { CurrencyCode } from "@ferry/core/currencies";
import { parsePositiveAmount } from "@ferry/core/money";
import type { Database } from "./db/database.ts";
import { selectUserIdByEmail } from "./db/users.ts";
import type { Auth } from "./modules/auth/auth.ts";
import { creditDeposit } from "./modules/deposits/service.ts";
import { fundYieldReserve } from "./modules/investments/service.ts";

/**
 * The demo accounts, seeded once on a development database. These passwords are public on purpose
 * (the README prints them); the seed never runs in production unless SEED_DEMO=true is set.
 */
export const DEMO_ACCOUNTS = [
  { email: "admin@ferry.example", password: "FerryAdmin#2026", role: "admin", firstName: "Ada", lastName: "Admin" },
  { email: "demo@ferry.example", password: "FerryDemo#2026", role: "user", firstName: "Dana", lastName: "Demo" },
] as const;

/** What the demo customer holds: approved deposits from the bank and crypto deposit system accounts. */
export const DEMO_FUNDING: readonly { currency: CurrencyCode; amount: string }[] = [
  { currency: "USD", amount: "5000.00" },
  { currency: "EUR", amount: "2500.00" },
  { currency: "GBP", amount: "1200.00" },
  { currency: "CAD", amount: "800.00" },
  { currency: "BTC", amount: "0.25" },
  { currency: "ETH", amount: "1.5" },
  { currency: "USDT", amount: "1000" },
];

/**
 * Funds the demo customer through the ledger, as deposits from Ferry's deposit system accounts.
 * Each deposit has a fixed transfer key, so running this again moves nothing.
 */
export async function fundDemoCustomer(db: Database, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const funding of DEMO_FUNDING) {
      const parsed = parsePositiveAmount(funding.amount, funding.currency);
      if (!parsed.ok) {
        throw new Error(`Bad demo amount ${funding.amount} ${funding.currency}`);
      }
      await creditDeposit(trx, {
        transferKey: `seed:demo-deposit:${funding.currency}`,
        userId,
        currency: funding.currency,
        amountMinor: parsed.amountMinor,
        referenceType: "seed",
      });
    }
  });
}

/**
 * What the demo operator has put in the USD yield reserve from its bank account: 1,000,000 USD, so the
 * demo investments' daily returns are covered (2 % of the demo customer's 5,000 USD is 100 USD a day).
 */
const DEMO_YIELD_RESERVE_MINOR = 100_000_000n;

/** Funds the demo yield reserve through the ledger, once (a fixed transfer key). */
export async function fundDemoYieldReserve(db: Database): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await fundYieldReserve(trx, {
      transferKey: "seed:yield-reserve",
      amountMinor: DEMO_YIELD_RESERVE_MINOR,
      referenceType: "seed",
    });
  });
}

/** Creates the demo admin and customer if they do not exist yet; returns the ones it created. */
export async function seedDemo(auth: Auth, db: Database): Promise<string[]> {
  const created: string[] = [];
  await fundDemoYieldReserve(db);
  for (const account of DEMO_ACCOUNTS) {
    const existingId = await selectUserIdByEmail(db, account.email);
    if (existingId) {
      if (account.role === "user") {
        await fundDemoCustomer(db, existingId);
      }
      continue;
    }
    const result = await auth.api.signUpEmail({
      body: { email: account.email, password: account.password, name: `${account.firstName} ${account.lastName}` },
    });
    const userId = result.user.id;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("user").set({ role: account.role, emailVerified: true }).where("id", "=", userId).execute();
      await trx
        .updateTable("profiles")
        .set({ first_name: account.firstName, last_name: account.lastName, kyc_status: "approved" })
        .where("user_id", "=", userId)
        .execute();
      // The sign-up link is pointless for a pre-verified demo account.
      await trx.deleteFrom("mail_outbox").where("recipient", "=", account.email).execute();
    });
    if (account.role === "user") {
      await fundDemoCustomer(db, userId);
    }
    created.push(account.email);
  }
  return created;
}
