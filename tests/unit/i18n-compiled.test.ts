import format from "icu-minify/format";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { messagesFor } from "@/lib/i18n/messages";
import { compiledMessages } from "@/lib/i18n/request";
import { locales } from "@/lib/i18n/routing";

type Tree = { [key: string]: unknown };

function leaves(tree: Tree, prefix = ""): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? leaves(value as Tree, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

/** Values for every argument a compiled message reads: a number for plurals and numbers, text otherwise. */
function valuesFor(node: unknown, values: Record<string, unknown> = {}): Record<string, unknown> {
  if (!Array.isArray(node)) {
    if (node && typeof node === "object") for (const v of Object.values(node)) valuesFor(v, values);
    return values;
  }
  const [name, type, ...rest] = node as [unknown, unknown, ...unknown[]];
  if (typeof name === "string" && (type === undefined || typeof type === "number")) {
    if (type === undefined) values[name] ??= `‹${name}›`;
    else if (type === 2 || type === 3 || type === 4) values[name] = 3;
    else if (type === 1) values[name] ??= "other";
    else if (type === 5 || type === 6) values[name] = new Date(Date.UTC(2026, 0, 2, 3, 4));
    for (const r of rest) valuesFor(r, values);
    return values;
  }
  for (const child of node) valuesFor(child, values);
  return values;
}

/**
 * lib/i18n/request.ts hands next-intl its messages compiled (next.config.ts aliases next-intl's formatter to
 * the one that only reads compiled messages): what a page shows must not change for it.
 */
describe("next-intl's compiled messages", () => {
  for (const locale of locales) {
    it(`${locale}: every message formats as intl-messageformat formats its text`, () => {
      const source = new Map(leaves(messagesFor(locale) as Tree));
      const compiled = leaves(compiledMessages(locale) as Tree);
      expect(compiled.map(([key]) => key)).toEqual([...source.keys()]);
      const kept: string[] = [];
      for (const [key, message] of compiled) {
        const text = source.get(key) as string;
        if (message === text && /[{<]/.test(text)) {
          // Not valid ICU: shown as written, which is only right if it has no argument to fill.
          kept.push(key);
          continue;
        }
        const values = valuesFor(message);
        const expected = new IntlMessageFormat(text, locale).format(values);
        const actual = format(message as Parameters<typeof format>[0], locale, values as never, {
          formatters: {
            getDateTimeFormat: (...a) => new Intl.DateTimeFormat(...a),
            getNumberFormat: (...a) => new Intl.NumberFormat(...a),
            getPluralRules: (...a) => new Intl.PluralRules(...a),
          },
        });
        expect(actual, key).toEqual(expected);
      }
      // Texts that are not ICU (a token in angle brackets, an HTML tag, a JSON shape in braces), which
      // next-intl failed to format before (it showed the key): now they show as written.
      expect(kept).toContain("errors.metrics_unauthorized");
      for (const key of kept) {
        expect(() => new IntlMessageFormat(source.get(key) as string, locale), key).toThrow();
      }
    });
  }

  it("are plain objects and arrays, which React passes to Client Components", () => {
    const check = (node: unknown) => {
      if (node && typeof node === "object") {
        expect([Object.prototype, Array.prototype]).toContain(Object.getPrototypeOf(node));
        for (const v of Object.values(node)) check(v);
      }
    };
    for (const locale of locales) check(compiledMessages(locale));
  });
});
