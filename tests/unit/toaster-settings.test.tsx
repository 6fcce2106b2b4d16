import { readFileSync } from "node:fs";
import path from "node:path";
import { NextIntlClientProvider } from "next-intl";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AppToaster } from "@/components/shell/app-toaster";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";

describe("toaster settings (SHELL-7)", () => {
  it.each([
    ["en", en, "Notifications"],
    ["vi", vi, "Thông báo"],
  ])("label the toast region in %s, with the Alt+T hotkey", (locale, messages, label) => {
    const html = renderToStaticMarkup(
      <NextIntlClientProvider locale={locale} messages={messages} timeZone="UTC">
        <AppToaster />
      </NextIntlClientProvider>,
    );
    expect(html).toMatch(new RegExp(`<section[^>]* aria-label="${label} alt\\+T"`));
  });
});

/**
 * The rest of SHELL-7 is sonner's own and not configurable: this reads the constants out of the installed
 * bundle, so upgrading sonner to a version with other built-ins fails here instead of silently.
 */
describe("sonner built-ins the spec relies on", () => {
  const sonnerDir = path.join(process.cwd(), "node_modules/sonner");
  const bundle = readFileSync(path.join(sonnerDir, "dist/index.mjs"), "utf8");
  const constant = (name: string) => {
    const m = bundle.match(new RegExp(`[,\\s]${name.replace("$", "\\$")}=([\\d.e]+)[,;]`));
    if (!m) throw new Error(`sonner constant ${name} not found`);
    return Number(m[1]);
  };
  const find = (re: RegExp) => {
    const m = bundle.match(re);
    if (!m?.[1]) throw new Error(`pattern ${re} not found in sonner's bundle`);
    return m[1];
  };

  it("is the pinned version", () => {
    expect(JSON.parse(readFileSync(path.join(sonnerDir, "package.json"), "utf8")).version).toBe("1.7.4");
  });

  it("is 356 px wide", () => {
    expect(constant(find(/"--width":`\$\{(\w+)\}px`/))).toBe(356);
  });

  it("dismisses on a swipe past 20 px or faster than 0.11 px/ms", () => {
    const m = bundle.match(/Math\.abs\(\w+\)>=(\w+)\|\|\w+>([\d.]+)/);
    expect(m).not.toBeNull();
    expect(constant(m![1]!)).toBe(20);
    expect(Number(m![2])).toBe(0.11);
  });

  it("removes a dismissed toast after 200 ms", () => {
    expect(constant(find(/setTimeout\(\(\)=>\{\w+\(\w+\)\},(\w+)\)/))).toBe(200);
  });
});
