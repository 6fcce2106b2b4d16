import { createHash } from "node:crypto";

type Challenge = { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };

/**
 * What a script would do with the chat's proof-of-work challenge: brute-force the number with native
 * hashing, far faster than a browser. The solution as the page sends it (base64 JSON); throws when no number
 * up to maxnumber fits.
 */
export function solveChallenge(c: Challenge): string {
  for (let number = 0; number <= c.maxnumber; number++) {
    if (
      createHash("sha256")
        .update(c.salt + number)
        .digest("hex") === c.challenge
    ) {
      const { algorithm, challenge, salt, signature } = c;
      return Buffer.from(JSON.stringify({ algorithm, challenge, number, salt, signature })).toString(
        "base64",
      );
    }
  }
  throw new Error("no number up to maxnumber solves the challenge");
}
