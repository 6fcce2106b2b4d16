import { describe, expect, it } from "vitest";
import { type EnterKeyState, enterAction } from "@/lib/client/composer-keys";

const key = (over: Partial<EnterKeyState>): EnterKeyState => ({
  key: "Enter",
  shiftKey: false,
  isComposing: false,
  keyCode: 13,
  compositionJustEnded: false,
  ...over,
});

describe("composer Enter", () => {
  it("sends on Enter and breaks the line on Shift+Enter", () => {
    expect(enterAction(key({}))).toBe("send");
    expect(enterAction(key({ shiftKey: true }))).toBe("newline");
    expect(enterAction(key({ key: "a", keyCode: 65 }))).toBe("other");
  });

  it("never sends while an IME composes (isComposing)", () => {
    expect(enterAction(key({ isComposing: true }))).toBe("compose");
    expect(enterAction(key({ isComposing: true, shiftKey: true }))).toBe("compose");
  });

  it("never sends on keyCode 229 (the IME's key, as Chrome and Safari report it)", () => {
    expect(enterAction(key({ keyCode: 229 }))).toBe("compose");
    expect(enterAction(key({ key: "Process", keyCode: 229 }))).toBe("compose");
  });

  it("never sends on the Enter that comes right after compositionend (Safari's order)", () => {
    expect(enterAction(key({ compositionJustEnded: true }))).toBe("compose");
    // A later Enter, once the composition is over, sends.
    expect(enterAction(key({ compositionJustEnded: false }))).toBe("send");
  });
});
