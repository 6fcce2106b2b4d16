import { inject } from "vitest";
import type { Mail } from "../peers/smtp";

/** Which mailbox to read: the run's SMTP peer unless a test started one of its own. */
export type MailboxOption = { mailboxUrl?: string };

/** The newest mail the SMTP peer received for an address, waiting up to `timeoutMs` for it to arrive. */
export async function latestMail(
  email: string,
  opts: { after?: number; timeoutMs?: number } & MailboxOption = {},
): Promise<Mail> {
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  const url = `${opts.mailboxUrl ?? inject("mailboxUrl")}/messages?to=${encodeURIComponent(email.toLowerCase())}`;
  while (Date.now() < deadline) {
    const list = (await (await fetch(url)).json()) as Mail[];
    const fresh = list.filter((m) => !opts.after || Date.parse(m.date) >= opts.after);
    if (fresh.length) return fresh[fresh.length - 1]!;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${email} within ${opts.timeoutMs ?? 10_000} ms`);
}

/** How many mails an address has received so far. */
export async function mailCount(email: string, opts: MailboxOption = {}): Promise<number> {
  return (await mailsTo(email, opts)).length;
}

/** Every mail an address has received so far, oldest first. */
export async function mailsTo(email: string, opts: MailboxOption = {}): Promise<Mail[]> {
  const url = `${opts.mailboxUrl ?? inject("mailboxUrl")}/messages?to=${encodeURIComponent(email.toLowerCase())}`;
  return (await (await fetch(url)).json()) as Mail[];
}

/** The 6-digit sign-in code in the newest mail to an address. */
export async function latestCode(
  email: string,
  opts: { after?: number; timeoutMs?: number } & MailboxOption = {},
): Promise<string> {
  const mail = await latestMail(email, opts);
  const code = mail.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no 6-digit code in the mail to ${email}: ${mail.text}`);
  return code;
}
