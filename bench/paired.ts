/**
 * The ratio to the reference, measured in paired rounds (decision 055, nineteenth round).
 *
 * This machine's speed drifts while a run goes on: in one run, two consecutive 10-second phases of the
 * same code ran 1,369 and 2,210 transfers a second, and the reference anywhere from 1,208 to 2,177
 * transactions a second from one run to the next. A ratio of one Ferry phase to one reference phase a
 * minute apart measures that drift as much as Ferry. So the ratio is taken over rounds of short slices,
 * a reference slice and a Ferry slice side by side, the order alternating (reference first in round 1,
 * Ferry first in round 2, …): a drift that is steady over a pair of rounds weighs on both sides alike.
 *
 * The ratio is the sum of Ferry's rates over the sum of the reference's (every slice lasts as long),
 * with each round's own ratio reported beside it, to show how far they spread.
 */

export interface PairedRound {
  readonly referencePerSecond: number;
  readonly ferryPerSecond: number;
  readonly ratio: number;
  readonly isReferenceFirst: boolean;
}

export interface PairedFigures {
  readonly rounds: readonly PairedRound[];
  readonly sliceSeconds: number;
  /** Σ Ferry rates ÷ Σ reference rates. */
  readonly ratio: number;
  readonly medianRatio: number;
  readonly minRatio: number;
  readonly maxRatio: number;
}

/** Runs `rounds` paired rounds, each slice through its own function (which answers its rate per second). */
export async function runPairedRounds(options: {
  readonly rounds: number;
  readonly sliceSeconds: number;
  readonly runReference: (round: number) => Promise<number>;
  readonly runFerry: (round: number) => Promise<number>;
}): Promise<PairedFigures> {
  const rounds: PairedRound[] = [];
  for (let round = 0; round < options.rounds; round += 1) {
    const isReferenceFirst = round % 2 === 0;
    let referencePerSecond: number;
    let ferryPerSecond: number;
    if (isReferenceFirst) {
      referencePerSecond = await options.runReference(round);
      ferryPerSecond = await options.runFerry(round);
    } else {
      ferryPerSecond = await options.runFerry(round);
      referencePerSecond = await options.runReference(round);
    }
    const ratio = referencePerSecond > 0 ? ferryPerSecond / referencePerSecond : 0;
    rounds.push({ referencePerSecond, ferryPerSecond, ratio, isReferenceFirst });
  }
  return pairedFiguresOf(rounds, options.sliceSeconds);
}

export function pairedFiguresOf(rounds: readonly PairedRound[], sliceSeconds: number): PairedFigures {
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const referenceSum = sum(rounds.map((round) => round.referencePerSecond));
  const ratios = rounds.map((round) => round.ratio).sort((a, b) => a - b);
  const middle = Math.floor(ratios.length / 2);
  const median =
    ratios.length === 0
      ? 0
      : ratios.length % 2 === 1
        ? (ratios[middle] as number)
        : ((ratios[middle - 1] as number) + (ratios[middle] as number)) / 2;
  return {
    rounds,
    sliceSeconds,
    ratio: referenceSum > 0 ? sum(rounds.map((round) => round.ferryPerSecond)) / referenceSum : 0,
    medianRatio: median,
    minRatio: ratios[0] ?? 0,
    maxRatio: ratios[ratios.length - 1] ?? 0,
  };
}
