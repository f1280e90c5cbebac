import type { Database } from "./db/database.ts";
import type { Auth } from "./modules/auth/auth.ts";

/**
 * The demo accounts, seeded once on a development database. These passwords are public on purpose
 * (the README prints them); the seed never runs in production unless SEED_DEMO=true is set.
 */
export const DEMO_ACCOUNTS = [
  { email: "admin@ferry.example", password: "FerryAdmin#2026", role: "admin", firstName: "Ada", lastName: "Admin" },
  { email: "demo@ferry.example", password: "FerryDemo#2026", role: "user", firstName: "Dana", lastName: "Demo" },
] as const;

/** Creates the demo admin and customer if they do not exist yet; returns the ones it created. */
export async function seedDemo(auth: Auth, db: Database): Promise<string[]> {
  const created: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const existing = await db.selectFrom("user").select("id").where("email", "=", account.email).executeTakeFirst();
    if (existing) {
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
    created.push(account.email);
  }
  return created;
}
