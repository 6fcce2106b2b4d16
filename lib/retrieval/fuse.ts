import "server-only";

/** Reciprocal rank fusion constant (the usual 60): dampens the difference between rank 1 and rank 2. */
const RRF_K = 60;

export type RankedList = { ids: number[]; weight: number };

/**
 * Weighted reciprocal rank fusion of passage ids: a passage near the top of any list rises, agreement of
 * several lists ranks highest. Answers [id, score] best first; equal scores in id order, so the result
 * never depends on the order a database returned ties in.
 */
export function fuseRanks(lists: RankedList[]): [number, number][] {
  const scores = new Map<number, number>();
  for (const { ids, weight } of lists) {
    ids.forEach((id, rank) => {
      scores.set(id, (scores.get(id) ?? 0) + weight / (RRF_K + rank + 1));
    });
  }
  return [...scores.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
}
