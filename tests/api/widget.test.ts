import { createHmac } from "node:crypto";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { type ErrorBody, ownerApi, trainedAgent, Visitor } from "../helpers/chat";
import { baseUrl } from "../helpers/http";

/**
 * The website widget (BEYOND-1) over real HTTP: the loader's size and caching, the launcher settings given
 * only to allowed sites, the frame's frame-ancestors from the owner's allowed domains, the visitor kept
 * without cookies, identity verification, and bad input on the new agent fields.
 */
type Agent = { allowed_domains: string[]; widget: { color: string; position: string; label: string | null } };

let world: ReturnType<typeof trainedAgent> | undefined;
const setUp = () =>
  (world ??= trainedAgent({
    model: "builtin",
    texts: [{ title: "Hours", content: "Hoa Mai Bakery opens at 7 am and closes at 9 pm every day." }],
  }));

async function saveWidget(access: string, body: Record<string, unknown>, lang = "en") {
  return ownerApi<{ data: Agent }>(
    access,
    "POST",
    "/api/v1/agent",
    { name: "Tiệm bánh Hoa Mai", ...body },
    lang,
  );
}

describe("GET /embed.js", () => {
  it("is one small script, briefly cached, and long-cached under its version", async () => {
    const res = await fetch(`${baseUrl()}/embed.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300, must-revalidate");
    const body = Buffer.from(await res.arrayBuffer());
    expect(gzipSync(body, { level: 9 }).byteLength).toBeLessThanOrEqual(6 * 1024);
    expect(body.toString()).toContain("attachShadow");
    const etag = res.headers.get("etag")!;
    const version = etag.replaceAll('"', "");
    const versioned = await fetch(`${baseUrl()}/embed.js?v=${version}`);
    expect(versioned.headers.get("cache-control")).toContain("immutable");
    const again = await fetch(`${baseUrl()}/embed.js`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });
});

describe("the launcher's settings and the frame follow the allowed domains", () => {
  it("any site while the list is empty; only listed hosts once it is not", async () => {
    const { access, agentId } = await setUp();
    expect((await saveWidget(access, { allowed_domains: [] })).status).toBe(200);
    const config = (origin: string) =>
      fetch(`${baseUrl()}/embed/${agentId}/config.json?locale=vi`, { headers: { origin } });
    const open = await config("https://anyone.example");
    expect(open.status).toBe(200);
    expect(open.headers.get("access-control-allow-origin")).toBe("*");
    const settings = (await open.json()) as { frame: string; widget: { color: string }; open: string };
    expect(settings.frame).toBe(`/vi/embed/${agentId}`);
    expect(settings.open).toBe("Mở trò chuyện");
    const frame = await fetch(`${baseUrl()}/en/embed/${agentId}`);
    expect(frame.status).toBe(200);
    expect(frame.headers.get("content-security-policy")).toContain("frame-ancestors *");

    const saved = await saveWidget(access, {
      allowed_domains: ["https://Shop.Example.com/page", "*.example.org", "shop.example.com"],
      widget: { color: "#FF5500", position: "left", label: "Hỏi chúng tôi" },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.allowed_domains).toEqual(["shop.example.com", "*.example.org"]);
    expect(saved.body.data.widget).toMatchObject({
      color: "#ff5500",
      position: "left",
      label: "Hỏi chúng tôi",
    });

    const allowed = await config("https://shop.example.com");
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://shop.example.com");
    expect((await config("https://a.b.example.org")).status).toBe(200);
    const refused = await config("https://evil.example");
    expect(refused.status).toBe(403);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    // *.example.org is every subdomain, not the bare name (as CSP reads it).
    expect((await config("https://example.org")).status).toBe(403);

    for (const path of [`/en/embed/${agentId}`, `/vi/c/${agentId}`]) {
      const page = await fetch(`${baseUrl()}${path}`);
      const csp = page.headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("frame-ancestors 'self' shop.example.com:* *.example.org:*");
      expect(page.headers.get("x-frame-options"), path).toBeNull();
    }
    // The owner's pages are never framed.
    expect((await fetch(`${baseUrl()}/en/setup/widget`)).headers.get("content-security-policy")).toContain(
      "frame-ancestors 'none'",
    );
    await saveWidget(access, { allowed_domains: [] });
  });

  it('shows "Powered by" on a free plan even when the owner asks to hide it', async () => {
    const { access, agentId } = await setUp();
    const saved = await saveWidget(access, { widget: { hide_branding: true } });
    expect(saved.status).toBe(200);
    expect((saved.body.data.widget as { hide_branding?: boolean }).hide_branding).toBe(true);
    const html = await (await fetch(`${baseUrl()}/vi/embed/${agentId}`)).text();
    expect(html).toContain('data-testid="powered-by"');
    expect(html).toContain("Vận hành bởi");
    await saveWidget(access, { widget: { hide_branding: false } });
  });

  it("unknown or malformed agents: 404, never a 5xx", async () => {
    for (const id of ["agent_doesnotexist1", "%00", "a".repeat(3000), "<script>"]) {
      const config = await fetch(`${baseUrl()}/embed/${id}/config.json`);
      expect(config.status, id).toBe(404);
      const page = await fetch(`${baseUrl()}/en/embed/${id}`);
      expect(page.status, id).toBe(404);
    }
  });
});

describe("widget settings refuse bad input in the owner's language", () => {
  it("hosts that are not host names, too many, colours and labels out of shape", async () => {
    const { access } = await setUp();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ allowed_domains: ["exa mple.com"] }, "allowed_domains.0"],
      [{ allowed_domains: ["ok.com", "*.com"] }, "allowed_domains.1"],
      [{ allowed_domains: ["<script>.com"] }, "allowed_domains.0"],
      [{ allowed_domains: ["x".repeat(5000)] }, "allowed_domains.0"],
      [{ allowed_domains: Array.from({ length: 31 }, (_, i) => `s${i}.example.com`) }, "allowed_domains"],
      [{ allowed_domains: "example.com" }, "allowed_domains"],
      [{ widget: { color: "red" } }, "widget.color"],
      [{ widget: { position: "top" } }, "widget.position"],
      [{ widget: { label: "x".repeat(41) } }, "widget.label"],
    ];
    for (const [body, field] of cases) {
      const res = await saveWidget(access, body, "vi");
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      const fields = (res.body as Partial<ErrorBody>).error?.fields ?? {};
      expect(Object.keys(fields), field).toContain(field);
    }
    const host = await saveWidget(access, { allowed_domains: ["exa mple.com"] }, "vi");
    expect(host.body.error?.fields?.["allowed_domains.0"]).toBe(
      "Nhập tên miền như example.com hoặc *.example.com.",
    );
    // Nothing was changed by the refusals.
    const now = await ownerApi<{ data: Agent }>(access, "GET", "/api/v1/agent");
    expect(now.body.data.allowed_domains).toEqual([]);
  });
});

describe("a visitor in the widget's frame", () => {
  it("keeps their conversation without any cookie, through the header the frame stores", async () => {
    const { agentId } = await setUp();
    const ask = (headers: Record<string, string>, conversation_id?: string) =>
      fetch(`${baseUrl()}/api/v1/public/agent/conversation/message`, {
        method: "POST",
        headers: {
          origin: baseUrl(),
          "content-type": "application/json",
          "x-forwarded-for": "198.18.7.7",
          "x-agentcity-embed": "1",
          ...headers,
        },
        body: JSON.stringify({ agent_id: agentId, content: "When do you open?", conversation_id }),
      });
    const first = await ask({});
    expect(first.status).toBe(200);
    const id = first.headers.get("x-agentcity-visitor")!;
    expect(id).toMatch(/^v_[A-Za-z0-9_-]{22}\./);
    const conversation = ((await first.json()) as { data: { conversation_id: string } }).data.conversation_id;
    const second = await ask({ "x-agentcity-visitor": id }, conversation);
    expect(second.status).toBe(200);
    expect(second.headers.get("x-agentcity-visitor")).toBeNull();
    // A forged or foreign id is a stranger: the conversation is not theirs.
    const forged = await ask({ "x-agentcity-visitor": `${id.slice(0, -2)}xx` }, conversation);
    expect(forged.status).toBe(404);
    // Outside the frame, a new visitor's id is never echoed in a header (only the HttpOnly cookie).
    const page = await new Visitor().ask(agentId, "When do you open?");
    expect(page.headers.get("x-agentcity-visitor")).toBeNull();
  });

  it("cannot be asked from another site's page: no CORS on the chat API", async () => {
    const { agentId } = await setUp();
    const res = await fetch(`${baseUrl()}/api/v1/public/agent/conversation/message`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ agent_id: agentId, content: "hi" }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await fetch(`${baseUrl()}/api/v1/public/agent/conversation/message`, {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("identity verification", () => {
  it("names a visitor whose id the owner's server signed; a wrong hash stays anonymous", async () => {
    const { access, agentId } = await setUp();
    const secret = (
      await ownerApi<{ data: { secret: string } }>(access, "GET", "/api/v1/agent/widget-secret")
    ).body.data.secret;
    expect(secret).toMatch(/^whs_/);
    const hash = (s: string, id: string) => createHmac("sha256", s).update(id).digest("hex");
    const askAs = async (identity: Record<string, string>) => {
      const v = new Visitor();
      const res = await fetch(`${baseUrl()}/api/v1/public/agent/conversation/message`, {
        method: "POST",
        headers: v.headers({ "content-type": "application/json" }),
        body: JSON.stringify({ agent_id: agentId, content: "When do you open?", identity }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { conversation_id: string } }).data.conversation_id;
    };
    const signed = await askAs({ user_id: "u-42", user_hash: hash(secret, "u-42"), name: "Lan Nguyễn" });
    const forged = await askAs({ user_id: "u-43", user_hash: hash("guess", "u-43"), name: "Mallory" });
    const nameOf = async (id: string) => {
      const list = await ownerApi<{ data: { id: string; visitor_name: string | null }[] }>(
        access,
        "GET",
        "/api/v1/agent/conversations",
      );
      return list.body.data.find((c) => c.id === id)?.visitor_name;
    };
    expect(await nameOf(signed)).toBe("Lan Nguyễn");
    expect(await nameOf(forged)).toBeNull();

    const rotated = await ownerApi<{ data: { secret: string } }>(
      access,
      "POST",
      "/api/v1/agent/widget-secret",
    );
    expect(rotated.body.data.secret).not.toBe(secret);
    const stale = await askAs({ user_id: "u-44", user_hash: hash(secret, "u-44"), name: "Old" });
    expect(await nameOf(stale)).toBeNull();
  });
});
