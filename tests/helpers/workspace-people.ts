import { randomInt, randomUUID } from "node:crypto";
import { inject } from "vitest";
import { latestMail } from "./mail";
import { signInWithCode } from "./session";
import { sql } from "./sql";

/**
 * People of workspaces over HTTP (issue 45): each signs in by e-mail code from an address of its own (the
 * 198.18.0.0/15 benchmarking range, so the suite's shared per-address limits are left alone) and calls with
 * the workspace and agent cookies their browser would hold.
 */

const base = () => inject("baseUrl");
export type Err = { error?: { message: string; detail: string } };
export type Person = {
  token: string;
  renewal: string;
  email: string;
  id: string;
  cookies: string[];
  ws?: string;
  agent?: string;
};

export async function person(prefix: string): Promise<Person> {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  const from = `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
  const signed = await signInWithCode(base(), email, { from });
  return {
    token: signed.access,
    renewal: signed.renewal,
    email,
    id: signed.user.id,
    cookies: signed.cookies,
  };
}

/** A call from one person's browser: their token, and the workspace and agent cookies it holds, if any. */
export async function call<T>(who: Person, method: string, path: string, body?: unknown, lang = "en") {
  const headers: Record<string, string> = {
    authorization: `Bearer ${who.token}`,
    "accept-language": lang,
    origin: base(),
  };
  const cookies = [who.ws && `ac_ws=${who.ws}`, who.agent && `ac_agent=${who.agent}`].filter(Boolean);
  if (cookies.length) headers.cookie = cookies.join("; ");
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${base()}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: JSON.parse(text) as { data: T } & Err,
    setCookies: res.headers.getSetCookie(),
  };
}

/** Gives a person's own workspace a paid plan, as a purchase would. */
export async function subscribe(who: Person, plan: string) {
  await sql(
    `insert into subscriptions (owner_id, plan, cycle, currency, amount, status, provider,
       current_period_start, current_period_end)
     values ($1, $2, 'monthly', 'VND', 100000, 'active', 'payos', now(), now() + interval '30 days')`,
    [who.id, plan],
  );
}

export async function inviteLink(email: string, after: number) {
  const mail = await latestMail(email, { after });
  const m = mail.text.match(/\/(en|vi)\/invite\/([A-Za-z0-9_-]{43})/);
  if (!m) throw new Error(`no invitation link in: ${mail.text}`);
  return { lang: m[1], token: m[2]!, mail };
}

/** `owner` invites `who` with `role`; `who` accepts and acts in that workspace from then on. */
export async function join(owner: Person, who: Person, role: string): Promise<string> {
  const before = Date.now();
  const invited = await call(owner, "POST", "/api/v1/workspace/invitations", { email: who.email, role });
  if (invited.status !== 201) throw new Error(`invitation refused: ${JSON.stringify(invited.body)}`);
  const { token } = await inviteLink(who.email, before);
  const accepted = await call<{ id: string }>(who, "POST", "/api/v1/workspace/invitations/accept", { token });
  if (accepted.status !== 200) throw new Error(`accept refused: ${JSON.stringify(accepted.body)}`);
  who.ws = accepted.body.data.id;
  return who.ws;
}

export const detail = (res: { body: Err }) => res.body.error?.detail ?? "";
