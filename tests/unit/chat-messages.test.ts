import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";

type Tree = { [key: string]: string | Tree };
const keys = (t: Tree, p = ""): string[] =>
  Object.entries(t).flatMap(([k, v]) => (typeof v === "string" ? [`${p}${k}`] : keys(v, `${p}${k}.`)));

/** The chat's texts exist in both languages (the whole-catalogue parity test guards the rest). */
describe("chat texts", () => {
  it.each([["chatUi"], ["ai"]] as const)("%s has the same keys in en and vi", (ns) => {
    const e = keys(en[ns] as Tree);
    expect(e.length).toBeGreaterThan(5);
    expect(keys(vi[ns] as Tree)).toEqual(e);
  });

  it("has every error text a chat answer can fall back to", () => {
    for (const k of ["network", "interrupted", "generic"] as const) {
      expect(en.chatUi.errors[k]).toBeTruthy();
      expect(vi.chatUi.errors[k]).toBeTruthy();
    }
  });
});
