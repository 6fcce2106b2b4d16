import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "@/lib/config";

/**
 * One nodemailer transport per SMTP_URL for the process (kept on globalThis: Next bundles routes apart).
 * Short timeouts: a sign-in waits on this, and a dead mail server must fail the request, not hang it.
 */
const KEY = Symbol.for("agentcity.mail");
type Holder = { [KEY]?: { url: string; transport: Transporter } };

export function mailTransport(): Transporter | null {
  const url = config().SMTP_URL;
  if (!url) return null;
  const g = globalThis as Holder;
  if (g[KEY]?.url !== url) {
    g[KEY] = {
      url,
      transport: nodemailer.createTransport({
        url,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    };
  }
  return g[KEY].transport;
}

export type OutgoingMail = { to: string; subject: string; text: string; html: string };

/** Sends through SMTP_URL from MAIL_FROM; throws when there is no transport or the server refuses. */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  const transport = mailTransport();
  if (!transport) throw new Error("SMTP_URL is not set");
  await transport.sendMail({ from: config().MAIL_FROM, ...mail });
}
