import { sha256Hex } from "./sha256";

/**
 * The proof-of-work search of the chat challenge (ALTCHA v1 format): find the number n ≤ maxnumber for which
 * SHA-256(salt + n) is the challenge. The same code runs in the worker and, where there is none, on the page.
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

function hex(buffer: ArrayBuffer): string {
  let s = "";
  for (const b of new Uint8Array(buffer)) s += b.toString(16).padStart(2, "0");
  return s;
}

/** Numbers tried between two pauses, so a solve on the page (no worker) never blocks it for long. */
const SLICE = 2000;

/**
 * The salt and the number are ASCII (hex, digits, "?expires=…&"), so the plain-JavaScript SHA-256 is used;
 * anything else is left to Web Crypto, one promise per number.
 */
export async function findNumber(spec: ChallengeSpec): Promise<number | null> {
  const target = spec.challenge.toLowerCase();
  const max = Math.min(Math.max(0, Math.floor(spec.maxnumber)), 10_000_000);
  const ascii = spec.algorithm === "SHA-256" && /^[\x20-\x7e]*$/.test(spec.salt);
  const encoder = new TextEncoder();
  for (let start = 0; start <= max; start += SLICE) {
    const end = Math.min(max, start + SLICE - 1);
    for (let n = start; n <= end; n++) {
      const hash = ascii
        ? sha256Hex(spec.salt + n)
        : hex(await crypto.subtle.digest(spec.algorithm, encoder.encode(spec.salt + n)));
      if (hash === target) return n;
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
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
