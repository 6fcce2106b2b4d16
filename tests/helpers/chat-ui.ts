import type { Frame, Page } from "playwright-core";
import { expect, inject } from "vitest";
import { type SignedIn, signInWithOidc } from "./oidc-sign-in";

/** Owners with trained agents for the chat's browser tests, made through the API as an owner would. */

const base = () => inject("baseUrl");

export async function owner(s: SignedIn, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base()}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${s.access}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export type AgentSpec = {
  name: string;
  kind?: "individual" | "business" | "government";
  model?: string;
  suggested_questions?: string[];
  greeting?: string;
  texts: { title: string; content: string }[];
  /** Files uploaded as an owner would (multipart), e.g. a CSV price list. */
  files?: { name: string; content: string | Uint8Array }[];
};

/** A signed-in owner whose agent has learned `texts` (waits until every one is learned). */
export async function ownerWithAgent(spec: AgentSpec): Promise<{ session: SignedIn; agentId: string }> {
  const session = await signInWithOidc();
  const { texts, files = [], ...agent } = spec;
  const created = await owner(session, "POST", "/api/v1/agent", agent);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const agentId = (created.body.data as { id: string }).id;
  for (const t of texts) {
    const added = await owner(session, "POST", "/api/v1/agent/document", { type: "text", ...t });
    expect(added.status).toBe(200);
  }
  if (files.length) {
    const form = new FormData();
    for (const f of files) form.append("files", new Blob([f.content as BlobPart]), f.name);
    const res = await fetch(`${base()}/api/v1/agent/document`, {
      method: "POST",
      headers: { authorization: `Bearer ${session.access}` },
      body: form,
    });
    expect(res.status).toBe(200);
  }
  // A plain loop: this runs in beforeAll too, where expect.poll is not allowed.
  const until = Date.now() + 60_000;
  for (;;) {
    const list = await owner(session, "GET", "/api/v1/agent/documents?page=1");
    const { completed, failed } = (list.body.meta as { summary: { completed: number; failed: number } })
      .summary;
    if (completed === texts.length + files.length) break;
    if (failed > 0 || Date.now() > until)
      throw new Error(`training stalled: ${JSON.stringify(list.body.meta)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return { session, agentId };
}

/** Types into the chat composer and sends with Enter. */
export async function ask(page: Page | Frame, question: string) {
  const box = page.getByTestId("composer").locator("textarea");
  await box.fill(question);
  await box.press("Enter");
}

/** The last answer once it is finished (complete or failed). */
export async function lastAnswer(page: Page | Frame, timeout = 30_000) {
  const answer = page.getByTestId("chat-answer").last();
  await expect
    .poll(() => answer.getAttribute("data-state"), { timeout })
    .toMatch(/^(complete|failed|aborted)$/);
  return answer;
}

/** Nothing on the page is wider than the screen (a phone must never scroll sideways). */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.scrollingElement ?? document.documentElement;
    return el.scrollWidth > el.clientWidth + 1;
  });
}
