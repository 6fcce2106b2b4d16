import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { assertKey, documentKey, localStore } from "@/lib/storage/store";
import { tempDirs } from "../helpers/temp";

const tempDir = tempDirs("store");

describe("local file store", () => {
  it("keeps, reads and removes bytes under the key", async () => {
    const root = tempDir();
    const store = localStore(root);
    const key = documentKey("a1b2", "d3e4");
    const bytes = new TextEncoder().encode("Thành phố Hồ Chí Minh");
    await store.put(key, bytes);
    expect(new TextDecoder().decode((await store.get(key))!)).toBe("Thành phố Hồ Chí Minh");
    // Nothing but the file itself is left behind (no temporary files).
    expect(readdirSync(`${root}/agents/a1b2`)).toEqual(["d3e4"]);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it("refuses keys that could leave its folder", () => {
    for (const bad of ["../etc/passwd", "agents/../../x", "/abs", "a//b", "a/./b", "a\\b", "", "a/b/"]) {
      expect(() => assertKey(bad), bad).toThrow(/invalid storage key/);
    }
    expect(() => assertKey("agents/x_1/doc-2")).not.toThrow();
  });
});
