import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { assertMessageKeys, messageKeyUses, missingIn } from "@/lib/build/message-keys";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";

/** Every message key the code names exists in both catalogues (issue 43); `next build` checks the same. */
const root = path.resolve(import.meta.dirname, "../..");

describe("message keys named in the code", () => {
  const uses = messageKeyUses(root);

  it("are found: literal keys and the fixed parts of built ones", () => {
    expect(uses.filter((u) => !u.prefix).length).toBeGreaterThan(500);
    expect(uses).toContainEqual({
      file: "components/history/conversation-list.tsx",
      key: "history.device",
      prefix: true,
    });
    expect(uses).toContainEqual({ file: "lib/seo/metadata.ts", key: "meta.tagline", prefix: false });
  });

  it.each([
    ["en", en],
    ["vi", vi],
  ] as const)("all exist in %s", (_locale, catalogue) => {
    expect(missingIn(catalogue, uses)).toEqual([]);
  });

  it("fail the build's check when one language lacks a key", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "message-keys-"));
    for (const d of ["app", "components", "lib", "messages"]) mkdirSync(path.join(dir, d));
    writeFileSync(
      path.join(dir, "components", "x.tsx"),
      'const t = useTranslations("shop");\nexport const a = t("open");\nexport const b = t("closed");\n',
    );
    writeFileSync(path.join(dir, "messages", "en.json"), '{"shop":{"open":"Open","closed":"Closed"}}');
    writeFileSync(path.join(dir, "messages", "vi.json"), '{"shop":{"open":"Mở cửa"}}');
    expect(() => assertMessageKeys(dir)).toThrow("messages/vi.json lacks components/x.tsx: shop.closed");
    writeFileSync(path.join(dir, "messages", "vi.json"), '{"shop":{"open":"Mở cửa","closed":"Đóng cửa"}}');
    expect(() => assertMessageKeys(dir)).not.toThrow();
  });
});
