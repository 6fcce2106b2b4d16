import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl } from "../helpers/http";
import { signInWithOidc } from "../helpers/oidc-sign-in";

/**
 * SEC-4 over real HTTP against the production build: every page family and every API response family
 * carries the security headers, and a page's script nonce is fresh per request and on every script.
 */

let session = "";
let access = "";
let agentId = "";
beforeAll(async () => {
  const signedIn = await signInWithOidc();
  access = signedIn.access;
  session = `access_token=${signedIn.access}; renewal_token=${signedIn.renewal}`;
  const res = await fetch(`${baseUrl()}/api/v1/agent`, {
    method: "POST",
    headers: { authorization: `Bearer ${access}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "Headers Test Agent" }),
  });
  expect(res.status).toBe(201);
  agentId = ((await res.json()) as { data: { id: string } }).data.id;
});

async function fetchPage(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(baseUrl() + path, { headers, redirect: "manual" });
  return { res, status: res.status, html: await res.text() };
}

/** The nonce a page's CSP allows scripts by. */
function cspNonce(csp: string | null): string {
  const m = csp?.match(/script-src [^;]*'nonce-([^']+)'/);
  if (!m?.[1]) throw new Error(`no script nonce in CSP: ${csp}`);
  return m[1];
}

/** Every <script> tag of a document with its nonce attribute (undefined when it has none). */
function scripts(html: string): Array<{ tag: string; nonce: string | undefined }> {
  return [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => ({
    tag,
    nonce: tag.match(/\snonce="([^"]*)"/)?.[1],
  }));
}

const directives = (csp: string) =>
  new Map(
    csp.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values.join(" ")] as const;
    }),
  );

function expectBase(res: Response) {
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("permissions-policy")).toBe("camera=(), microphone=(), geolocation=()");
  // The test server's APP_URL is http: no HSTS, no upgrade of sub-resources.
  expect(res.headers.get("strict-transport-security")).toBeNull();
}

/** A rendered page: its own policy, and every script in it carries exactly that policy's nonce. */
function expectPage(res: Response, html: string, opts: { embeddable: boolean; ancestors?: string }) {
  expectBase(res);
  const csp = res.headers.get("content-security-policy");
  expect(csp).toBeTruthy();
  const d = directives(csp!);
  expect(d.get("default-src")).toBe("'self'");
  expect(d.get("script-src")).toBe(`'self' 'nonce-${cspNonce(csp)}' 'strict-dynamic'`);
  expect(d.get("style-src")).toBe("'self' 'unsafe-inline'");
  expect(d.get("img-src")).toBe("'self' data: blob:");
  expect(d.get("font-src")).toBe("'self'");
  expect(d.get("connect-src")).toBe("'self'");
  expect(d.get("object-src")).toBe("'none'");
  expect(d.get("base-uri")).toBe("'self'");
  expect(d.get("form-action")).toBe("'self'");
  expect(d.has("upgrade-insecure-requests")).toBe(false);
  if (opts.embeddable) {
    expect(d.get("frame-ancestors")).toBe(opts.ancestors ?? "*");
    expect(res.headers.get("x-frame-options")).toBeNull();
  } else {
    expect(d.get("frame-ancestors")).toBe("'none'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  }
  const nonce = cspNonce(csp);
  const found = scripts(html);
  expect(found.length).toBeGreaterThan(0);
  for (const s of found) expect(s.nonce, s.tag).toBe(nonce);
  return nonce;
}

function expectApi(res: Response) {
  expectBase(res);
  expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(res.headers.get("x-frame-options")).toBe("DENY");
}

describe("pages", () => {
  const pages: Array<[path: string, signedIn: boolean]> = [
    ["/", false],
    ["/en", false],
    ["/vi", false],
    ["/en/pricing", false],
    ["/vi/pricing", false],
    ["/en/setup", true],
    ["/vi/setup/files", true],
    ["/en/chat", true],
    ["/vi/history", true],
    ["/en/billing", true],
  ];
  for (const [path, signedIn] of pages) {
    it(`${path} has the page policy, frames refused, its nonce on every script`, async () => {
      const { res, status, html } = await fetchPage(path, signedIn ? { cookie: session } : {});
      expect(status).toBe(200);
      expectPage(res, html, { embeddable: false });
    });
  }

  it("the public chat pages may be framed, in both languages", async () => {
    for (const lang of ["en", "vi"]) {
      const { res, status, html } = await fetchPage(`/${lang}/c/${agentId}`);
      expect(status).toBe(200);
      expectPage(res, html, { embeddable: true });
    }
  });

  it("404 pages (unknown paths, invalid or unknown chat links) carry the policy and a working nonce", async () => {
    for (const path of [
      "/en/no-such-page",
      "/vi/a/b/c",
      "/en/c/not-an-agent-id",
      "/vi/c/agent_000000000000",
      // A dot does not make a path a file: these are pages' 404s too.
      "/en/c/agent.x",
      "/vi/no-such.page",
      "/en/setup/logo.png",
    ]) {
      const { res, status, html } = await fetchPage(path);
      expect(status, path).toBe(404);
      // An invalid chat link is still a chat page's address, but no owner allowed anyone to frame it: only
      // our own pages may (an agent's own pages follow its allowed domains, tests/api/widget.test.ts).
      const chat = path.startsWith("/en/c/") || path.startsWith("/vi/c/");
      expectPage(res, html, { embeddable: chat, ancestors: "'self'" });
    }
  });

  it("a redirect answered by the proxy carries the headers too", async () => {
    for (const [path, status] of [
      ["/old-pricing", 308],
      // A path outside a language, dot or not, is sent to the visitor's language like any other.
      ["/agent.x", 307],
    ] as const) {
      const { res } = await fetchPage(path);
      expect(res.status, path).toBe(status);
      expectBase(res);
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });

  it("the files the app serves as files are still files: no redirect, no page policy", async () => {
    for (const [path, type] of [
      ["/favicon.ico", /^image\//],
      ["/icon.svg", /^image\/svg\+xml/],
      ["/apple-icon.png", /^image\/png/],
      ["/icons/icon-192.png", /^image\/png/],
      ["/manifest.webmanifest", /^application\/manifest\+json/],
      ["/embed.js", /^text\/javascript/],
      ["/latest.json", /^application\/json/],
    ] as const) {
      const { res, status } = await fetchPage(path);
      expect(status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toMatch(type);
      expectBase(res);
      expect(res.headers.get("content-security-policy") ?? "", path).not.toContain("nonce-");
    }
    const config = await fetchPage(`/embed/${agentId}/config.json`);
    expect(config.status).toBe(200);
    expect(config.res.headers.get("content-type")).toContain("application/json");
  });

  it("the nonce is fresh on every request, also for the same page", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const { res, html } = await fetchPage("/en/pricing");
      const nonce = expectPage(res, html, { embeddable: false });
      // 128 random bits in base64.
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      seen.add(nonce);
    }
    expect(seen.size).toBe(5);
  });

  it("a client cannot choose the nonce: its own CSP and x-nonce request headers are replaced", async () => {
    const forged = "YXR0YWNrZXItY2hvc2Vu";
    const { res, html } = await fetchPage("/en", {
      "x-nonce": forged,
      "content-security-policy": `script-src 'nonce-${forged}'`,
    });
    const nonce = expectPage(res, html, { embeddable: false });
    expect(nonce).not.toBe(forged);
    expect(html).not.toContain(forged);
  });
});

describe("API and other non-page responses", () => {
  it("JSON answers, errors included", async () => {
    const cases: Array<[string, number, RequestInit?]> = [
      [`/api/v1/public/agent/${agentId}`, 200],
      ["/api/v1/agent", 401],
      ["/api/v1/no-such-route", 404],
      ["/api/v1/auth/otp/new", 200],
      [
        "/oauth2/otp",
        400,
        { method: "POST", body: "{not json", headers: { "content-type": "application/json" } },
      ],
    ];
    for (const [path, status, init] of cases) {
      const res = await fetch(baseUrl() + path, {
        ...init,
        headers: { origin: baseUrl(), ...init?.headers },
      });
      expect(res.status, path).toBe(status);
      expect(res.headers.get("content-type"), path).toContain("application/json");
      expectApi(res);
      await res.body?.cancel();
    }
  });

  it("an owner's JSON answer", async () => {
    const res = await fetch(`${baseUrl()}/api/v1/agent`, { headers: { authorization: `Bearer ${access}` } });
    expect(res.status).toBe(200);
    expectApi(res);
  });

  it("a streamed answer (server-sent events)", async () => {
    const res = await fetch(`${baseUrl()}/api/v1/public/agent/conversation/message`, {
      method: "POST",
      headers: {
        origin: baseUrl(),
        "content-type": "application/json",
        accept: "text/event-stream",
        "x-forwarded-for": "198.18.77.1",
      },
      body: JSON.stringify({ agent_id: agentId, content: "Hello, what do you do?" }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    expectApi(res);
    expect(await res.text()).toContain("event: ");
  });

  it("health, the version manifest and GraphQL", async () => {
    for (const path of ["/api/health", "/latest.json", "/api/graphql?query=%7B__typename%7D"]) {
      const res = await fetch(baseUrl() + path, { headers: { authorization: `Bearer ${access}` } });
      expect(res.status, path).toBe(200);
      expectApi(res);
      await res.body?.cancel();
    }
  });

  it("a sign-in redirect to the provider", async () => {
    const res = await fetch(`${baseUrl()}/oauth2/auth?provider=oidc`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expectApi(res);
  });

  it("static assets: scripts, styles and the social image are never sniffed", async () => {
    const { html } = await fetchPage("/en/pricing");
    const assets = [
      html.match(/<script[^>]+src="(\/_next\/static\/[^"]+\.js)"/)?.[1],
      // The stylesheet is inline in the page (next.config inlineCss); its file is still named in the page's data.
      html.match(/(\/_next\/static\/[^"\\\s]+\.css)/)?.[1],
      html
        .match(/<meta property="og:image" content="[^"]*?(\/en\/opengraph-image[^"]*)"/)?.[1]
        ?.replaceAll("&amp;", "&"),
    ];
    for (const asset of assets) {
      expect(asset).toBeTruthy();
      const res = await fetch(baseUrl() + asset!);
      expect(res.status, asset).toBe(200);
      expectBase(res);
      await res.body?.cancel();
    }
  });
});
