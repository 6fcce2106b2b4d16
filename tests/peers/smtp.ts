import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP receiver on loopback, plus a tiny HTTP mailbox the test workers read
 * (GET /messages?to=addr, DELETE /messages). The app talks to it with its ordinary nodemailer transport.
 */
export type Mail = { to: string[]; from: string; subject: string; text: string; html: string; date: string };
export type SmtpPeer = { smtpUrl: string; mailboxUrl: string; stop: () => Promise<void> };

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const mails: Mail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 1024 * 1024,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((m) => {
          const to = (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) =>
            a.value.map((v) => (v.address ?? "").toLowerCase()),
          );
          mails.push({
            to,
            from: m.from?.text ?? "",
            subject: m.subject ?? "",
            text: m.text ?? "",
            html: typeof m.html === "string" ? m.html : "",
            date: new Date().toISOString(),
          });
          done();
        })
        .catch((err: Error) => done(err));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const http: Server = createHttpServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://mailbox");
    if (url.pathname !== "/messages") return void res.writeHead(404).end();
    if (req.method === "DELETE") {
      mails.length = 0;
      return void res.writeHead(204).end();
    }
    const to = url.searchParams.get("to")?.toLowerCase();
    const list = to ? mails.filter((m) => m.to.includes(to)) : mails;
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(list));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const httpPort = (http.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    mailboxUrl: `http://127.0.0.1:${httpPort}`,
    stop: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
