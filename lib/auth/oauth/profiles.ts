import "server-only";
import type { VerifiedIdentity } from "../accounts";

/**
 * Provider answers to the one shape accounts understand. Pure functions: everything here is decided by
 * what the provider said, so it is tested without a network. An e-mail only counts as verified when the
 * provider vouches for it explicitly, because a verified address links accounts across providers.
 */
type Json = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : null);

/** "Ada King Lovelace" -> first "Ada", last "King Lovelace": the best guess when only a full name is known. */
export function splitName(name: string | null): { firstName: string | null; lastName: string | null } {
  const parts = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: null, lastName: null };
  return { firstName: parts[0]!, lastName: parts.slice(1).join(" ") || null };
}

/**
 * OpenID Connect (Google and the generic provider): the signed id_token first, userinfo for what it
 * left out. The e-mail and its verification are taken together from one source, never mixed.
 */
export function oidcIdentity(provider: string, idToken: Json, userinfo: Json = {}): VerifiedIdentity {
  const subject = str(idToken.sub);
  if (!subject) throw new Error("id_token without sub");
  const mailSource = str(idToken.email) ? idToken : userinfo;
  const fromName = splitName(str(idToken.name) ?? str(userinfo.name));
  return {
    provider,
    subject,
    email: str(mailSource.email),
    emailVerified: mailSource.email_verified === true && str(mailSource.email) !== null,
    firstName: str(idToken.given_name) ?? str(userinfo.given_name) ?? fromName.firstName,
    lastName: str(idToken.family_name) ?? str(userinfo.family_name) ?? fromName.lastName,
    avatar: str(idToken.picture) ?? str(userinfo.picture),
    username: str(idToken.preferred_username) ?? str(userinfo.preferred_username),
  };
}

export type GithubEmail = { email?: unknown; primary?: unknown; verified?: unknown };

/** GitHub: /user for the person, /user/emails for the address; only the primary, verified one counts. */
export function githubIdentity(user: Json, emails: GithubEmail[]): VerifiedIdentity {
  const id = user.id;
  if (typeof id !== "number" && !str(id)) throw new Error("GitHub user without id");
  const primary = emails.find((e) => e.primary === true && e.verified === true && str(e.email));
  const { firstName, lastName } = splitName(str(user.name));
  return {
    provider: "github",
    subject: String(id),
    email: primary ? str(primary.email) : str(user.email),
    emailVerified: primary !== undefined,
    firstName,
    lastName,
    avatar: str(user.avatar_url),
    username: str(user.login),
  };
}

/**
 * Facebook: Graph /me. Facebook does not say whether it verified the address, so it is kept on the
 * account but never used to join one.
 */
export function facebookIdentity(me: Json): VerifiedIdentity {
  const subject = str(me.id);
  if (!subject) throw new Error("Facebook profile without id");
  const fromName = splitName(str(me.name));
  const picture = (me.picture as { data?: { url?: unknown; is_silhouette?: unknown } } | undefined)?.data;
  return {
    provider: "facebook",
    subject,
    email: str(me.email),
    emailVerified: false,
    firstName: str(me.first_name) ?? fromName.firstName,
    lastName: str(me.last_name) ?? fromName.lastName,
    avatar: picture && picture.is_silhouette !== true ? str(picture.url) : null,
  };
}
