import { latestCode } from "./mail";

export type SignedIn = {
  access: string;
  renewal: string;
  /** the session cookies as name=value pairs, ready to join into a Cookie header */
  cookies: string[];
  /** every Set-Cookie line of the verify answer, attributes included */
  setCookies: string[];
  user: { id: string; email: string };
};

export type SignInOptions = {
  userAgent?: string;
  /** the language of the code mail (body `locale`) */
  locale?: "en" | "vi";
  referralCode?: string;
  /** the mailbox of a test's own SMTP peer (a server started by the test) */
  mailboxUrl?: string;
  /**
   * A client address of its own (sent as X-Forwarded-For, believed from TRUSTED_PROXIES): a test signing in
   * many people leaves the shared per-address sign-in limits to the tests that measure them.
   */
  from?: string;
};

/** The name=value part of each Set-Cookie line. */
export const cookiePairs = (setCookies: string[]) => setCookies.map((c) => c.split(";")[0]!.trim());

/**
 * Signs in through the real e-mail code flow: asks for a code, reads it from the SMTP peer's mailbox and
 * trades it (with the otp_request cookie, as the same browser) for a session. Throws with the server's
 * answer when a step fails, so a test sees why.
 */
export async function signInWithCode(
  baseUrl: string,
  email: string,
  opts: SignInOptions = {},
): Promise<SignedIn> {
  const agent: Record<string, string> = {
    ...(opts.userAgent ? { "user-agent": opts.userAgent } : {}),
    ...(opts.from ? { "x-forwarded-for": opts.from } : {}),
  };
  const after = Date.now();
  const asked = await fetch(`${baseUrl}/oauth2/otp`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl, ...agent },
    body: JSON.stringify({
      email,
      ...(opts.locale ? { locale: opts.locale } : {}),
      ...(opts.referralCode ? { referral_code: opts.referralCode } : {}),
    }),
  });
  if (asked.status !== 200) throw new Error(`POST /oauth2/otp: ${asked.status} ${await asked.text()}`);
  const request = cookiePairs(asked.headers.getSetCookie()).find((c) => /^(__Host-)?otp_request=/.test(c));
  if (!request) throw new Error("POST /oauth2/otp set no otp_request cookie");
  const code = await latestCode(email, { after, mailboxUrl: opts.mailboxUrl });
  const verified = await fetch(`${baseUrl}/oauth2/otp/verify`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl, cookie: request, ...agent },
    body: JSON.stringify({ email, code }),
  });
  const text = await verified.text();
  if (verified.status !== 200) throw new Error(`POST /oauth2/otp/verify: ${verified.status} ${text}`);
  const body = JSON.parse(text) as {
    data: { access_token: string; renewal_token: string; user: { id: string; email: string } };
  };
  const setCookies = verified.headers.getSetCookie();
  return {
    access: body.data.access_token,
    renewal: body.data.renewal_token,
    cookies: cookiePairs(setCookies).filter((c) => /^(__Host-)?(access|renewal)_token=./.test(c)),
    setCookies,
    user: body.data.user,
  };
}
