import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildState } from "@/scripts/build-freshness";
import { listeningPid } from "../helpers/process-memory";
import { freePort } from "../helpers/server";

/**
 * AUTH-2 on a newcomer's first run: `npm start` itself (scripts/start.ts, through npm) on a fresh data
 * folder with no mail, provider, model or test settings in its environment. The only way in is the code
 * the server prints in its console; this test reads it from the server's output as a person would read
 * their terminal, and signs in with it over HTTP with a cookie jar.
 */
const root = path.resolve(import.meta.dirname, "../..");

/** Settings a newcomer does not have: mail, providers, models, databases, and everything the test run adds. */
const NOT_ON_A_FRESH_CLONE =
  /^(SMTP_URL|MAIL_FROM|AUTH_|LLM_|EMBEDDING_|DATABASE_URL|TEST_|SESSION_SECRET|NODE_ENV|APP_URL|APP_NAME|PORT|DATA_DIR|TRUSTED_PROXIES|CRAWLER_ALLOW_PRIVATE|NEXT_TELEMETRY_DISABLED|VITEST|WORKER_MODE|__NEXT)/;

let child: ChildProcess;
let output = "";
let base = "";
let tmp = "";
let port = 0;

beforeAll(async () => {
  // npm start builds when the sources are newer than the build; a test must not turn into a 3-minute build.
  const state = buildState(root);
  if (state !== "fresh") {
    throw new Error(
      `npm start would build first (the build is ${state}): run npm run build, then this test.`,
    );
  }
  port = await freePort();
  tmp = mkdtempSync(path.join(tmpdir(), "agentcity-first-run-"));
  const env: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!NOT_ON_A_FRESH_CLONE.test(key)) env[key] = value;
  }
  env.PORT = String(port);
  // A data folder that does not exist yet, as on a fresh clone.
  env.DATA_DIR = path.join(tmp, "data");
  base = `http://localhost:${port}`;
  // Its own process group: npm and the server beneath it stop together.
  child = spawn("npm", ["start"], {
    cwd: root,
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output}`);
    const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`npm start was not healthy within 150 s:\n${output}`);
}, 180_000);

afterAll(async () => {
  if (child?.pid && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once("exit", r));
    process.kill(-child.pid, "SIGTERM");
    const timedOut = await Promise.race([
      exited.then(() => false),
      new Promise((r) => setTimeout(() => r(true), 15_000)),
    ]);
    if (timedOut) process.kill(-child.pid, "SIGKILL");
  }
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** A browser's cookie jar, enough for one origin. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  names(): string[] {
    return [...this.cookies.keys()];
  }
}

async function post(path: string, body: unknown, jar?: Jar, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: base,
      ...(jar ? { cookie: jar.header() } : {}),
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
    redirect: "manual",
  });
  jar?.take(res);
  const text = await res.text();
  return { res, text, headerText: [...res.headers].map(([k, v]) => `${k}: ${v}`).join("\n") };
}

const blocks = () => output.match(/^\+-+\+\n(?:\|.*\|\n)+\+-+\+$/gm) ?? [];

/** Waits for the framed block for this address in the server's output and reads the code from it. */
async function codeFromConsole(email: string): Promise<{ code: string; expires: Date; block: string }> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const block = blocks().find((b) => b.includes(`|   address  ${email} `));
    if (block) {
      const code = block.match(/^\| {3}code {5}(\d{6}) +\|$/m)?.[1];
      const expires = block.match(/^\| {3}expires {2}(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) UTC/m)?.[1];
      if (!code || !expires) throw new Error(`a block without a code or expiry:\n${block}`);
      return { code, expires: new Date(`${expires.replace(" ", "T")}Z`), block };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code block for ${email} in the server output:\n${output}`);
}

/** Every process below pid (children, their children…), from /proc. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const walk = (p: number) => {
    for (const c of parents.get(p) ?? []) {
      found.push(c);
      walk(c);
    }
  };
  walk(pid);
  return found;
}

describe("npm start on a fresh clone", () => {
  it("serves the existing build without building, and warns once that codes go to the console", () => {
    expect(output).toContain("Starting AgentCity at http://localhost:");
    expect(output).not.toMatch(/building…/);
    const warnings = output.split("\n").filter((l) => l.includes("SMTP_URL is not set: sign-in codes"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^\[agentcity\] .*set SMTP_URL=smtp:\/\//);
    expect(blocks()).toEqual([]);
  });

  // Next's telemetry: its production server has none (router-server makes one in dev only), and the build
  // start.ts may spawn inherits NEXT_TELEMETRY_DISABLED=1 from it. The server is start.ts itself now, whose
  // /proc environ is what npm handed it, so only what the newcomer's shell had is checked there.
  it("runs the server with no mail settings in its environment", () => {
    const servers = descendants(child.pid!).filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("scripts/start.ts");
      } catch {
        return false;
      }
    });
    expect(servers.length).toBeGreaterThan(0);
    for (const pid of servers) {
      const environ = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
      expect(environ.some((e) => e.startsWith("SMTP_URL="))).toBe(false);
    }
  });

  it("serves from one Node process below npm, with no tsx anywhere in the tree (issue 42)", () => {
    const cmdline = (pid: number) =>
      readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
    const tree = [child.pid!, ...descendants(child.pid!)];
    const lines = tree.map(cmdline);
    expect(
      lines.filter((l) => /tsx/.test(l)),
      lines.join("\n"),
    ).toEqual([]);
    // The process answering on the port is npm start's own script, not a child it started.
    const server = listeningPid(port);
    expect(tree).toContain(server);
    expect(cmdline(server)).toMatch(/^\S*node scripts\/start\.ts$/);
    // Nothing below it at idle (PGlite is a thread; parse processes start with a document).
    expect(descendants(server).map(cmdline)).toEqual([]);
    // Between npm and the server only the shell npm runs a script with.
    for (const pid of tree.filter((p) => p !== child.pid && p !== server)) {
      expect(cmdline(pid)).toMatch(/^(\S*\/)?sh -c node scripts\/start\.ts$/);
    }
  });

  it("sells the paid plans through the sandbox: a production server on localhost takes test payments", async () => {
    const res = await fetch(`${base}/en/pricing`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.includes("Choose Beginner"), "a checkout button").toBe(true);
    expect(html.includes('data-testid="payments-not-set-up"'), "the not-set-up notice").toBe(false);
  });

  it("tells the sign-in page that codes are printed in the console", async () => {
    const res = await fetch(`${base}/api/v1/auth/otp/new`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      data: { enabled: true, delivery: "console", code_length: 6, expires_in: 600 },
    });
  });

  it.each([
    [
      "en",
      "it appears in the server console, the terminal where the server was started (npm start).",
      "Get a sign-in code",
    ],
    [
      "vi",
      "mã hiện trong cửa sổ dòng lệnh (console) của máy chủ, nơi máy chủ được khởi động (npm start).",
      "Lấy mã đăng nhập",
    ],
  ])("says on the %s sign-in card where the code will be", async (lang, text, button) => {
    const res = await fetch(`${base}/${lang}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    // The page also carries every message for the client, so read the rendered elements, not the page.
    const note = html.match(/data-testid="code-in-console-note"[^>]*>([^<]*)</)?.[1];
    expect(note).toContain(text);
    const form = html.slice(html.indexOf('data-testid="email-code-form"'));
    const submit = form.match(/<button[^>]*type="submit"[^>]*>([\s\S]*?)<\/button>/)?.[1];
    expect(submit?.replace(/<[^>]+>/g, "")).toBe(button);
  });

  it.each([
    ["a line break", "evil@example.test\n|   code     000000"],
    ["a terminal escape", "evil\u001b[2J@example.test"],
    ["no address", "not-an-address"],
  ])("refuses an address with %s, in the visitor's language, and prints nothing", async (_label, email) => {
    const before = blocks().length;
    const en = await post("/oauth2/otp", { email });
    expect(en.res.status).toBe(422);
    expect(JSON.parse(en.text).error.fields).toEqual({ email: "Enter a valid e-mail address." });
    const vi = await post("/oauth2/otp", { email }, undefined, { "accept-language": "vi" });
    expect(vi.res.status).toBe(422);
    expect(JSON.parse(vi.text).error.fields).toEqual({ email: "Vui lòng nhập địa chỉ e-mail hợp lệ." });
    await new Promise((r) => setTimeout(r, 300));
    expect(blocks()).toHaveLength(before);
  });

  it("signs in with the code from the console, bound to the browser that asked, and reaches setup", async () => {
    const email = "newcomer@example.test";
    const browser = new Jar();
    const asked = await post("/oauth2/otp", { email, locale: "en" }, browser);
    expect(asked.res.status, asked.text).toBe(200);
    expect(browser.names()).toEqual(["otp_request"]);

    const { code, expires, block } = await codeFromConsole(email);
    // The code is only in the console: not in the answer's body or headers.
    expect(asked.text).not.toContain(code);
    expect(asked.headerText).not.toContain(code);
    expect(Object.keys(JSON.parse(asked.text).data).sort()).toEqual(["expires_in", "request_id"]);
    expect(Math.abs(expires.getTime() - (Date.now() + 600_000))).toBeLessThan(120_000);
    expect(block).toContain("AgentCity sign-in code (not e-mailed: SMTP_URL is not set)");

    // Another browser (no otp_request cookie) cannot use it.
    const elsewhere = await post("/oauth2/otp/verify", { email, code }, new Jar());
    expect(elsewhere.res.status).toBe(400);
    expect(elsewhere.text).not.toContain("access_token");

    // Setup is closed before signing in…
    const closed = await fetch(`${base}/en/setup`, { redirect: "manual" });
    expect(closed.status).toBeGreaterThanOrEqual(300);
    expect(closed.status).toBeLessThan(400);

    const verified = await post(
      "/oauth2/otp/verify",
      { email, code: `${code.slice(0, 3)} ${code.slice(3)}` },
      browser,
    );
    expect(verified.res.status, verified.text).toBe(200);
    expect(JSON.parse(verified.text).data.user.email).toBe(email);
    expect(browser.names()).toEqual(expect.arrayContaining(["access_token", "renewal_token"]));

    // …and open to the signed-in owner: the home page sends them on to setup, which renders for them.
    const home = await fetch(`${base}/en`, { headers: { cookie: browser.header() }, redirect: "manual" });
    expect(home.status).toBeGreaterThanOrEqual(300);
    expect(new URL(home.headers.get("location")!, base).pathname).toBe("/en/setup");
    const setup = await fetch(`${base}/en/setup`, {
      headers: { cookie: browser.header() },
      redirect: "manual",
    });
    expect(setup.status).toBe(200);
    const html = await setup.text();
    expect(html).toContain("Set up your agent");
    expect(html).toContain("Tell your agent who it speaks for, then train it with files, text and websites.");
    expect(html).not.toContain('data-testid="email-code-form"');

    // A used code does not work twice.
    const again = await post("/oauth2/otp/verify", { email, code }, browser);
    expect(again.res.status).toBe(400);
  });
});
