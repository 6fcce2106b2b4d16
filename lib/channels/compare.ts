import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** Equal strings, compared in time that depends on neither (both hashed to the same length first). */
export function sameSecret(given: string | null | undefined, expected: string): boolean {
  if (typeof given !== "string") return false;
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

export function hmacSha256Hex(key: string, data: string | Buffer): string {
  return createHmac("sha256", key).update(data).digest("hex");
}
