import "server-only";
import { createHash, randomBytes } from "node:crypto";

/** A random secret of 256 bits, URL-safe, with a prefix that names its kind (helps secret scanners). */
export function randomToken(prefix: string): string {
  return `${prefix}_${randomBytes(32).toString("base64url")}`;
}

/** Tokens and codes are stored only as this hash; the secret itself never reaches the database. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("base64url");
}
