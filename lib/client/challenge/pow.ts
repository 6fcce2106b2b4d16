/**
 * The proof-of-work search of the chat challenge (ALTCHA v1 format): find the number n ≤ maxnumber for which
 * SHA-256(salt + n) is the challenge. Web Crypto only, so it runs the same in a worker and on the page;
 * digests are asked for in batches, which keeps the browser's crypto threads busy instead of waiting on
 * one promise at a time.
 */
export type ChallengeSpec = {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
};

export type ChallengeSolution = {
  algorithm: string;
  challenge: string;
  number: number;
  salt: string;
  signature: string;
  took: number;
};

const BATCH = 512;

function hex(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let s = "";
  for (const b of bytes) s += b.toString(16).padStart(2, "0");
  return s;
}

export async function findNumber(spec: ChallengeSpec): Promise<number | null> {
  const encoder = new TextEncoder();
  const target = spec.challenge.toLowerCase();
  const max = Math.min(Math.max(0, Math.floor(spec.maxnumber)), 10_000_000);
  for (let start = 0; start <= max; start += BATCH) {
    const end = Math.min(max, start + BATCH - 1);
    const batch: Promise<ArrayBuffer>[] = [];
    for (let n = start; n <= end; n++) {
      batch.push(crypto.subtle.digest(spec.algorithm, encoder.encode(spec.salt + n)));
    }
    const hashes = await Promise.all(batch);
    for (let i = 0; i < hashes.length; i++) if (hex(hashes[i]!) === target) return start + i;
  }
  return null;
}

export async function solve(spec: ChallengeSpec): Promise<ChallengeSolution | null> {
  const started = performance.now();
  const number = await findNumber(spec);
  if (number === null) return null;
  return {
    algorithm: spec.algorithm,
    challenge: spec.challenge,
    number,
    salt: spec.salt,
    signature: spec.signature,
    took: Math.round(performance.now() - started),
  };
}
