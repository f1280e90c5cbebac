import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { idempotencyKeysLock } from "../../db/idempotency.ts";
import { sendingTogether, sendTogether } from "../../db/pipelined.ts";
import { AppError } from "../../errors.ts";
import { metricsOf } from "../../observability/metrics.ts";
import { authenticatorEnrolledAmong } from "../auth/service.ts";
import { applyNewLegsAtCommit, readWalletBalancesOf, type TransferLeg } from "../ledger/service.ts";
import { recordLiveEventsAtEnd } from "../live/service.ts";
import {
  type AwaitingCode,
  type CheckedTransfer,
  checkEmailedCodes,
  checkTransferIn,
  createTransferIn,
  idempotentRequestOf,
  type KnownBeforehand,
  readAheadFor,
  sendTransfersIn,
  type TransferAttempt,
  type TransferBatch,
  type TransferOutcome,
} from "./create.ts";
import { transfersByKeysStatement, transfersMadeBy } from "./queries.ts";
import { readFerryUsersOf } from "./targets.ts";

/*
 * Group commit (issue 31, decision 055). A person's transfers arriving while a batch is being written
 * wait, and are then written together in one database transaction: each one's checks (replay, pricing,
 * limits, funds, code) in turn, then the legs of every accepted one in a single ledger call (every
 * account locked once, in id order, one insert, one balance update), then one commit, after which each
 * waiting request gets its own answer. With nothing in progress a transfer starts at once, alone.
 *
 * Three round trips: what the checks read, the codes' check with what writing reads, then everything
 * the batch writes sent with its COMMIT, no statement waiting for another's answer (db/pipelined.ts,
 * `applyNewLegsAtCommit`): the database checks what the ledger would otherwise check on locked rows,
 * and any failure fails the COMMIT.
 *
 * A transfer refused by its checks (insufficient funds, a limit, an expired code…) is refused alone:
 * its checks write nothing but a wrong code's counted try, so no savepoint is needed. Anything else that
 * fails — a database error, a balance taken by another transaction since its check — rolls the whole
 * batch back, and each of its transfers is then made alone, as without batching. A batch holds at most
 * one transfer per sender, so its transfers never share a key, a code or a limit.
 */

/** The most transfers one batch writes. */
const MAX_BATCH = 64;
/**
 * Batches written at the same time, each by its own lane: a sender's transfers always take the same
 * lane (by a hash of the sender), so lanes never share a sender's key, code or limit, and their one
 * ledger call each locks accounts in id order, so two lanes never deadlock on a shared (hot) account.
 * One, measured (decision 055, fourth round): once the request path was lean, every lane more made each
 * transfer cost more CPU, in the server and in PostgreSQL alike (batches share recipients' and Ferry's
 * own accounts, so they wait on each other's commits, and smaller batches spread the same statements
 * over fewer transfers). Back to back: one lane 0.44 and 0.43 of the reference, two 0.38–0.43, three
 * 0.31–0.32, four 0.27. The next batch fills while one is written.
 */
const LANES = 1;

interface Waiting {
  readonly attempt: TransferAttempt;
  resolve(outcome: TransferOutcome): void;
  reject(error: unknown): void;
}

type Answer = { readonly outcome: TransferOutcome } | { readonly refusal: AppError };

/**
 * What a batch's transaction came to: the answers known before its commit (replays, refusals, wrong
 * codes), and the written transfers' outcomes, known once it has committed, with their places.
 */
interface Written {
  readonly answers: Answer[];
  readonly made: { readonly outcomes: Promise<TransferOutcome[]>; readonly indexes: readonly number[] };
}

/** The lanes writing one database's transfers, made on first use. */
const lanesByDatabase = new WeakMap<Database, TransferBatcher[]>();

/** The lane that writes this sender's transfers to this database. */
export function batcherOf(db: Database, config: Config, clock: Clock, senderId: string): TransferBatcher {
  let lanes = lanesByDatabase.get(db);
  if (!lanes) {
    lanes = Array.from({ length: LANES }, () => new TransferBatcher(db, config, clock));
    lanesByDatabase.set(db, lanes);
  }
  let hash = 0;
  for (let index = 0; index < senderId.length; index += 1) {
    hash = (hash * 31 + senderId.charCodeAt(index)) | 0;
  }
  return lanes[Math.abs(hash) % LANES] as TransferBatcher;
}

/**
 * What every transfer's checks read first, for the whole batch, in one round trip on the batch's own
 * connection (db/pipelined.ts): all their Idempotency-Keys locked (db/idempotency.ts) and, behind the
 * locks, what those keys made, so that it sees what an earlier holder of a key committed; which
 * senders confirm with an authenticator app, the senders' balances and the Ferry users they send to,
 * none of which depends on the locks (issue 31). A balance read here is only the funds check's; the
 * ledger call checks again against the locked accounts.
 */
async function readBeforehand(
  trx: Database,
  attempts: readonly TransferAttempt[],
): Promise<(attempt: TransferAttempt) => KnownBeforehand> {
  const senderIds = attempts.map((attempt) => attempt.sender.userId);
  const keys = attempts.map((attempt) => ({ senderId: attempt.sender.userId, idempotencyKey: attempt.idempotencyKey }));
  const [[, madeByKeys], enrolled, balances, ferryUsers] = await sendingTogether(trx, (db) =>
    Promise.all([
      sendTogether(db, [
        idempotencyKeysLock(db, attempts.map(idempotentRequestOf)),
        transfersByKeysStatement(db, keys),
      ]),
      authenticatorEnrolledAmong(db, senderIds),
      readWalletBalancesOf(db, senderIds),
      readFerryUsersOf(
        db,
        attempts.map((attempt) => attempt.request),
      ),
    ]),
  );
  const earlier = transfersMadeBy(madeByKeys?.rows ?? []);
  return (attempt) => {
    const { userId } = attempt.sender;
    const made = earlier.find((row) => row.senderId === userId && row.idempotencyKey === attempt.idempotencyKey);
    const balance = balances.get(userId)?.find((item) => item.currency === attempt.request.currency);
    return {
      earlier: made,
      isAuthenticatorEnrolled: enrolled.has(userId),
      availableMinor: balance?.availableMinor ?? 0n,
      ferryUsers,
    };
  };
}

class TransferBatcher {
  private queue: Waiting[] = [];
  private isWriting = false;

  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly clock: Clock,
  ) {}

  /** Makes the transfer in the next batch: its outcome, or its own refusal. */
  submit(attempt: TransferAttempt): Promise<TransferOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ attempt, resolve, reject });
      this.writeNext();
    });
  }

  private writeNext(): void {
    if (this.isWriting || this.queue.length === 0) {
      return;
    }
    this.isWriting = true;
    const batch = this.takeBatch();
    metricsOf(this.db)?.observeBatchSize(batch.length);
    void this.write(batch).then((answer) => {
      this.isWriting = false;
      this.writeNext();
      // The next batch's transaction begins before these requests are answered: their responses are
      // written out on this thread, and would hold back the next batch's first statement (issue 31).
      setImmediate(answer);
    });
  }

  /** The oldest waiting transfers, at most one per sender (a sender's next waits for the next batch). */
  private takeBatch(): Waiting[] {
    const senders = new Set<string>();
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    for (const waiting of this.queue) {
      const senderId = waiting.attempt.sender.userId;
      if (batch.length < MAX_BATCH && !senders.has(senderId)) {
        senders.add(senderId);
        batch.push(waiting);
      } else {
        rest.push(waiting);
      }
    }
    this.queue = rest;
    return batch;
  }

  /** Writes the batch: what it returns gives each of its requests its answer. */
  private async write(batch: Waiting[]): Promise<() => void> {
    let written: Written;
    try {
      written = await this.db
        .transaction()
        .execute((trx) => recordLiveEventsAtEnd(trx, () => this.writeIn(trx, batch)));
    } catch {
      // Rolled back as a whole: each transfer alone, in its own transaction, as without batching.
      await Promise.all(batch.map((waiting) => this.writeAlone(waiting)));
      return () => {};
    }
    const { answers } = written;
    try {
      // Committed: the written transfers' rows came with the COMMIT's answer.
      const outcomes = await written.made.outcomes;
      written.made.indexes.forEach((index, position) => {
        answers[index] = { outcome: outcomes[position] as TransferOutcome };
      });
    } catch (error) {
      return () => {
        for (const waiting of batch) {
          waiting.reject(error);
        }
      };
    }
    return () =>
      batch.forEach((waiting, index) => {
        const answer = answers[index];
        if (answer && "outcome" in answer) {
          waiting.resolve(answer.outcome);
        } else if (answer) {
          waiting.reject(answer.refusal);
        }
      });
  }

  /**
   * The batch's transfers checked in turn, their e-mailed codes checked together, then the transfers
   * written together (each statement once for all of them), then all their legs in one ledger call,
   * then what reads the moved balances. The written transfers' outcomes are known once it commits.
   */
  private async writeIn(trx: Database, batch: Waiting[]): Promise<Written> {
    const answers: Answer[] = [];
    const checked: { transfer: CheckedTransfer; index: number }[] = [];
    const awaiting: (AwaitingCode & { index: number })[] = [];
    const knownOf = await readBeforehand(
      trx,
      batch.map((waiting) => waiting.attempt),
    );
    for (const [index, waiting] of batch.entries()) {
      try {
        const result = await checkTransferIn(trx, this.config, this.clock, waiting.attempt, knownOf(waiting.attempt));
        if ("outcome" in result) {
          answers[index] = { outcome: result.outcome };
        } else if (result.code) {
          awaiting.push({ transfer: result.transfer, code: result.code, index });
        } else {
          checked.push({ transfer: result.transfer, index });
        }
      } catch (error) {
        // Refused by its checks, before it wrote anything: refused alone. Anything else ends the batch.
        if (!(error instanceof AppError)) {
          throw error;
        }
        answers[index] = { refusal: error };
      }
    }
    // With the codes' check, in the same round trip, what writing the transfers reads (db/pipelined.ts).
    const [verdicts, readAhead] = await sendingTogether(trx, (db) =>
      Promise.all([
        checkEmailedCodes(db, this.config, this.clock, awaiting),
        readAheadFor(
          db,
          [...checked, ...awaiting].map((item) => item.transfer),
        ),
      ]),
    );
    awaiting.forEach((item, position) => {
      const verdict = verdicts[position];
      if (verdict instanceof AppError) {
        answers[item.index] = { refusal: verdict };
      } else if (verdict === "wrong") {
        answers[item.index] = { outcome: { isWrongCode: true } };
      } else {
        checked.push({ transfer: item.transfer, index: item.index });
      }
    });
    // From here on a failure of any kind rolls the whole batch back (and each is then made alone).
    // Nothing below waits for an answer (but alert rules and webhook endpoints, for a batch that has
    // them): it is all answered with the COMMIT, which any failure fails.
    const written: TransferBatch = { readAhead, legs: [] as TransferLeg[], owners: new Map(), afterLedger: [] };
    const { outcomes } = await sendTransfersIn(
      trx,
      checked.map((item) => item.transfer),
      written,
    );
    if (written.legs.length > 0) {
      await applyNewLegsAtCommit(trx, written.legs, written.owners);
    }
    for (const after of written.afterLedger) {
      await after();
    }
    return { answers, made: { outcomes, indexes: checked.map((item) => item.index) } };
  }

  private async writeAlone(waiting: Waiting): Promise<void> {
    try {
      waiting.resolve(
        await this.db.transaction().execute((trx) => createTransferIn(trx, this.config, this.clock, waiting.attempt)),
      );
    } catch (error) {
      waiting.reject(error);
    }
  }
}
