import { type DatabaseConnection, type Driver, PostgresDialect, type TransactionSettings } from "kysely";

/**
 * A transaction's BEGIN travels with its first statement (issue 31, decision 055, eighth round).
 *
 * The pool's connections are in node-postgres's pipeline mode: a statement is written at once, without
 * waiting for the answer to the one before. Kysely waits for BEGIN's answer before it runs the
 * transaction's body; here it does not, so BEGIN and the first statement reach PostgreSQL together —
 * one round trip fewer for every transaction, and one wake-up fewer of its backend and of the server.
 * Every later statement still waits for its own answer, as the code awaits them.
 *
 * BEGIN's answer is awaited before COMMIT, so a failed BEGIN still fails the transaction. BEGIN parses
 * nothing, takes no lock and reads nothing: it fails only with its connection, and then every statement
 * behind it fails too (decision 055).
 */
const begins = new WeakMap<DatabaseConnection, Promise<void>>();

export class PipelinedPostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    const begin = driver.beginTransaction.bind(driver);
    const commit = driver.commitTransaction.bind(driver);
    driver.beginTransaction = async (connection: DatabaseConnection, settings: TransactionSettings) => {
      const begun = begin(connection, settings);
      // Awaited by COMMIT; a transaction rolled back instead has its own error to report.
      begun.catch(() => {});
      begins.set(connection, begun);
    };
    driver.commitTransaction = async (connection: DatabaseConnection) => {
      await begins.get(connection);
      await commit(connection);
    };
    return driver;
  }
}
