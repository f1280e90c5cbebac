import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  type QueryResult,
  type TransactionSettings,
} from "kysely";
import type { DB } from "./schema.ts";

/** Ferry's database or one of its transactions (database.ts's `Database`, which imports this module). */
type Database = Kysely<DB>;

/*
 * Statements that need not wait for each other's answers travel together (issue 31, decision 060).
 * The pool's connections are in node-postgres's pipeline mode: a statement is written at once, without
 * waiting for the answer to the one before, and PostgreSQL runs them in order. Each round trip saved is
 * a wake-up of the backend and of the server fewer, on a batch's critical path.
 *
 * - A transaction's BEGIN goes out with its first statement: Kysely waited for BEGIN's answer.
 * - `sendTogether`: several statements on a transaction's connection at once (Kysely runs a
 *   transaction's statements one at a time, each after the last one's answer).
 * - `sendingTogether`: the statements of several functions at once, on the transaction's connection.
 * - `sendBeforeCommit`: a transaction's last statements go out with its COMMIT (`sendAnsweredAtCommit`
 *   when their answers are read afterwards).
 *
 * None of this changes what a transaction is. BEGIN's answer is awaited before COMMIT, so a failed
 * BEGIN still fails the transaction (BEGIN parses nothing, takes no lock and reads nothing: it fails
 * only with its connection, and then every statement behind it fails too). A statement sent before
 * COMMIT that fails leaves the transaction failed, and PostgreSQL answers a failed transaction's COMMIT
 * by rolling it back: its error is thrown, and nothing of the transaction was written.
 */

const begins = new WeakMap<DatabaseConnection, Promise<void>>();
const sentBeforeCommit = new WeakMap<DatabaseConnection, Promise<unknown>[]>();

/** Kysely's PostgreSQL dialect, with a transaction's BEGIN and COMMIT pipelined as above. */
export class PipelinedPostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    const begin = driver.beginTransaction.bind(driver);
    const commit = driver.commitTransaction.bind(driver);
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.beginTransaction = async (connection: DatabaseConnection, settings: TransactionSettings) => {
      const begun = begin(connection, settings);
      // Awaited by COMMIT; a transaction rolled back instead has its own error to report.
      begun.catch(() => {});
      begins.set(connection, begun);
    };
    driver.commitTransaction = async (connection: DatabaseConnection) => {
      const before = sentBeforeCommit.get(connection) ?? [];
      sentBeforeCommit.delete(connection);
      const committed = commit(connection);
      committed.catch(() => {});
      await begins.get(connection);
      // If one of them failed, the COMMIT behind it rolled the transaction back: report that failure.
      await Promise.all(before);
      await committed;
    };
    driver.rollbackTransaction = async (connection: DatabaseConnection) => {
      sentBeforeCommit.delete(connection);
      await rollback(connection);
    };
    return driver;
  }
}

/** Sends `statements` on the transaction's connection one behind the other, then waits for all their answers. */
export function sendTogether(trx: Database, statements: readonly CompiledQuery[]): Promise<QueryResult<unknown>[]> {
  return trx
    .getExecutor()
    .provideConnection((connection) => Promise.all(statements.map((statement) => connection.executeQuery(statement))));
}

/**
 * Sends `statement` as the transaction's last: its answer is awaited with COMMIT's, and a failure fails
 * the transaction. Outside a transaction it is simply run.
 */
export async function sendBeforeCommit(trx: Database, statement: CompiledQuery): Promise<void> {
  await sendAnsweredAtCommit(trx, statement);
}

/**
 * `sendBeforeCommit` for a statement whose answer the caller reads (a batch's inserted rows): `answered`
 * is its result. Await it only once the transaction has committed — awaited before, it costs the round
 * trip this saves. A failure fails the transaction, and `answered` too (handled, so that a caller who
 * never reads it after a rollback leaves no unhandled rejection).
 */
export async function sendAnsweredAtCommit<Row>(
  trx: Database,
  statement: CompiledQuery<Row>,
): Promise<{ answered: Promise<QueryResult<Row>> }> {
  if (!trx.isTransaction) {
    return { answered: Promise.resolve(await trx.executeQuery(statement)) };
  }
  return trx.getExecutor().provideConnection(async (connection) => {
    const answered = connection.executeQuery<Row>(statement);
    answered.catch(() => {});
    sentBeforeCommit.set(connection, [...(sentBeforeCommit.get(connection) ?? []), answered]);
    return { answered };
  });
}

/**
 * Runs `work` with a database whose statements go out on the transaction's connection as soon as they
 * are made, without waiting for each other's answers: several reads (or writes whose order does not
 * matter) in one round trip, on the transaction's own backend instead of one pool connection each.
 * Where order matters, `sendTogether` keeps it. The transaction's other statements wait until `work` ends.
 */
export function sendingTogether<T>(trx: Database, work: (db: Database) => Promise<T>): Promise<T> {
  return trx.getExecutor().provideConnection((connection) =>
    work(
      new Kysely<DB>({
        dialect: new OneConnectionDialect(connection),
        plugins: [...trx.getExecutor().plugins],
      }),
    ),
  );
}

/** A dialect whose every statement goes to one connection, already open, with no transaction of its own. */
class OneConnectionDialect extends PostgresDialect {
  constructor(private readonly connection: DatabaseConnection) {
    // Its driver never opens a pool: every statement goes to `connection`.
    super({ pool: () => Promise.reject(new Error("A dialect of one connection has no pool")) });
  }

  override createDriver(): Driver {
    const connection = this.connection;
    const refused = () => Promise.reject(new Error("A transaction's statements sent together begin no transaction"));
    return {
      init: async () => {},
      acquireConnection: async () => connection,
      releaseConnection: async () => {},
      beginTransaction: refused,
      commitTransaction: refused,
      rollbackTransaction: refused,
      destroy: async () => {},
    };
  }
}
