import type { Deposit } from "@ferry/core/contracts/deposits";
import type { Database } from "../../db/database.ts";
import { selectActiveAdminIds } from "../../db/users.ts";
import { createNotification } from "../notifications/service.ts";

/**
 * How a deposit comes to be confirmed. A watcher is told of every reported deposit, in the report's
 * transaction. The one implementation today is admin approval; a chain-watching one can confirm the
 * same deposit rows later (the derived addresses already make every payment attributable).
 */
export interface DepositWatcher {
  readonly name: string;
  onDepositReported(db: Database, deposit: Deposit & { userEmail: string }): Promise<void>;
}

/** Admin approval: every admin is notified that a deposit waits for review at /admin/deposits. */
export const adminApprovalWatcher: DepositWatcher = {
  name: "admin-approval",
  async onDepositReported(db, deposit) {
    for (const adminId of await selectActiveAdminIds(db)) {
      await createNotification(db, {
        userId: adminId,
        type: "info",
        write: (reader) => ({
          title: reader.t("Deposit to review"),
          message: reader.t(
            "{email} reported a {depositType, select, bank {bank} crypto {crypto} other {{depositType}}} deposit of {currency} {amount}. Review it in Deposit Approvals.",
            {
              email: deposit.userEmail,
              depositType: deposit.depositType,
              currency: deposit.currency,
              amount: deposit.amount,
            },
          ),
        }),
      });
    }
  },
};
