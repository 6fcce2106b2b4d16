import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";

/** The token of `Authorization: Bearer <token>`, or undefined. */
export function bearer(req: Request): string | undefined {
  const h = req.headers.get("authorization");
  const m = h?.match(/^Bearer\s+(\S+)$/i);
  return m?.[1];
}

/** Two secrets compared in constant time (hashed first, so their lengths tell nothing either). */
export function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}
