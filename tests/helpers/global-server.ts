import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { startOidcPeer } from "../peers/oidc";
import { MOCK_CHAT_MODELS, startOpenAiPeer } from "../peers/openai";
import { startSmtpPeer } from "../peers/smtp";
import { startWebsitePeer } from "../peers/website";
import { startPeerInspector } from "./peer-inspector";
import { startTestServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    databaseKind: "pglite" | "postgres";
    oidcIssuer: string;
    mailboxUrl: string;
    siteUrl: string;
    /** The server's SESSION_SECRET: billing tests sign sandbox provider events with the key derived from it. */
    sessionSecret: string;
    /** Reads what the language-model peer saw (see peer-inspector.ts). */
    llmPeerInspector: string;
    llmPeerOrigin: string;
  }
}

/**
 * One production server for the whole integration run (API and browser tests), configured with real peers
 * on loopback: an OpenID Connect provider (as the generic "oidc" provider) and an SMTP receiver.
 */
export default async function setup(project: TestProject) {
  const [oidc, smtp, site, llm] = await Promise.all([
    startOidcPeer(),
    startSmtpPeer(),
    startWebsitePeer(),
    startOpenAiPeer(),
  ]);
  const inspector = await startPeerInspector(llm);
  const sessionSecret = randomBytes(32).toString("hex");
  const stopPeers = () => Promise.all([oidc.stop(), smtp.stop(), site.stop(), llm.stop(), inspector.stop()]);
  const server = await startTestServer({
    env: {
      SESSION_SECRET: sessionSecret,
      SMTP_URL: smtp.smtpUrl,
      MAIL_FROM: "AgentCity <no-reply@agentcity.test>",
      AUTH_OIDC_ISSUER: oidc.issuer,
      AUTH_OIDC_ID: "agentcity-test",
      AUTH_OIDC_SECRET: "test-secret",
      AUTH_OIDC_NAME: "Test ID",
      // The test website is on loopback; private and link-local addresses stay refused even so.
      CRAWLER_ALLOW_PRIVATE: "true",
      // Lets test helpers sign in "from" addresses of their own (X-Forwarded-For), so the many sign-ins a
      // run needs do not spend the per-address limits that the limit tests measure from 127.0.0.1.
      TRUSTED_PROXIES: "127.0.0.1",
      // The daily caps and the new-visitor challenge (CHAT-8) would otherwise stop the many visitors the
      // per-minute tests send; tests/api/chat-allowance.test.ts measures them on a server of its own.
      CHAT_LIMIT_VISITOR_PER_DAY: "1000000",
      CHAT_LIMIT_ADDRESS_PER_DAY: "1000000",
      CHAT_LIMIT_ADDRESS_DAILY_SHARE: "100",
      CHAT_LIMIT_AGENT_DAILY_SHARE: "100",
      CHAT_CHALLENGE_NEW_VISITORS_PER_HOUR: "1000000",
      // Agents pick a behaviour of the local model by their `model` (mock-chat is the default).
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODELS: MOCK_CHAT_MODELS.join(","),
      LLM_TIMEOUT_SECONDS: "8",
    },
    redirects: [
      ["/old-pricing", "/en/pricing", "--permanent"],
      ["/vi/bang-gia", "/vi/pricing", "--middleware", '{"campaign":"autumn"}'],
      ["/go/docs", "https://docs.example.org/start"],
    ],
  }).catch(async (err) => {
    await stopPeers();
    throw err;
  });
  project.provide("baseUrl", server.baseUrl);
  project.provide("dataDir", server.dataDir);
  project.provide("databaseKind", server.databaseUrl ? "postgres" : "pglite");
  project.provide("oidcIssuer", oidc.issuer);
  project.provide("mailboxUrl", smtp.mailboxUrl);
  project.provide("siteUrl", site.url);
  project.provide("sessionSecret", sessionSecret);
  project.provide("llmPeerInspector", inspector.url);
  project.provide("llmPeerOrigin", new URL(llm.baseUrl).origin);
  console.log(`[tests] server at ${server.baseUrl} on ${server.databaseUrl ? "Postgres" : "PGlite"}`);
  return async () => {
    await server.stop();
    await stopPeers();
  };
}
