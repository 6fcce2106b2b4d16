import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { limitsFor } from "@/lib/billing/plan-limits";
import type { Db } from "@/lib/db/client";
import { type AddContext, addFiles, addText } from "@/lib/ingest/add";
import { insertDocument } from "@/lib/ingest/documents";
import { localStore } from "@/lib/storage/store";

// The database side is replaced so a failing insert can be staged; the store is the real local disk one.
vi.mock("@/lib/ingest/documents", () => ({
  hashesKnown: vi.fn(async () => new Set<string>()),
  insertDocument: vi.fn(),
  toListItem: (row: { id: string; name: string }) => ({ id: row.id, name: row.name }),
}));
// An empty agent: the plan's room is not what these tests are about.
vi.mock("@/lib/limits/agent-usage", () => ({
  agentUsage: vi.fn(async () => ({ documents: 0, characters: 0 })),
}));

/** Files under a store's root, as keys. */
function filesUnder(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
      else out.push(`${prefix}${entry.name}`);
    }
  };
  try {
    walk(root, "");
  } catch {}
  return out.sort();
}

const root = mkdtempSync(path.join(tmpdir(), "agentcity-store-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
beforeEach(() => rmSync(path.join(root, "agents"), { recursive: true, force: true }));

const ctx: AddContext = {
  db: {} as Db,
  agentId: "agent-1",
  locale: "en",
  store: localStore(root),
  enqueue: async () => {},
  maxFileBytes: 1024 * 1024,
  limits: limitsFor(null),
};
const insert = vi.mocked(insertDocument);

describe("adding writes the file, then the row, and never leaves one without the other", () => {
  it("takes the file back out when the database refuses the row", async () => {
    insert.mockRejectedValue(new Error("invalid byte sequence for encoding UTF8: 0x00"));
    await expect(addText(ctx, "Ghi chú", "Nội dung")).rejects.toThrow(/0x00/);
    await expect(
      addFiles(ctx, [{ name: "a.txt", bytes: new TextEncoder().encode("hello"), size: 5 }], []),
    ).rejects.toThrow(/0x00/);
    expect(insert).toHaveBeenCalledTimes(2);
    expect(filesUnder(root)).toEqual([]);
  });

  it("takes the file back out when the unique index refuses the row (same file twice at once)", async () => {
    insert.mockResolvedValue(null as never);
    const added = await addText(ctx, "Ghi chú", "Nội dung");
    expect(added.accepted).toEqual([]);
    expect(filesUnder(root)).toEqual([]);
  });

  it("keeps the file of a row that went in, under the row's key, with a clean name", async () => {
    insert.mockImplementation(async (_db, values) => ({ ...values, id: values.id! }) as never);
    const added = await addText(ctx, "Ghi\u0000 chú\u202e", "Nội dung");
    expect(added.accepted.map((d) => d.name)).toEqual(["Ghi chú"]);
    const key = insert.mock.calls.at(-1)![1].storageKey;
    expect(filesUnder(root)).toEqual([key]);
  });
});
