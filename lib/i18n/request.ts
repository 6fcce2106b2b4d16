import compile from "icu-minify/compile";
import { hasLocale } from "next-intl";
import { getRequestConfig } from "next-intl/server";
import { type Messages, messagesFor } from "./messages";
import { type Locale, routing } from "./routing";

type Compiled = ReturnType<typeof compile>;
type CompiledTree = { [key: string]: Compiled | CompiledTree };

/**
 * next-intl's messages, compiled from ICU text to icu-minify's arrays once per locale and process. next.config.ts
 * points `use-intl/format-message` at its format-only variant, so neither the client nor the server bundle
 * carries intl-messageformat and its ICU parser (~8 KB gzipped on every signed-in page); they only walk these
 * arrays. The catalogues stay plain text for lib/i18n/messages.ts (API errors, e-mails) and the lite
 * translator. (next-intl's own `precompile` option would compile messages/*.json for every importer, those
 * two included.)
 *
 * A message that is not valid ICU (`Bearer <METRICS_TOKEN>`, `before </body>`, a JSON shape in braces) stays
 * the text it is: the formatter shows a string as written, where compiling it in the browser failed and
 * showed the message's key.
 */
const compiled = new Map<Locale, CompiledTree>();

function compileTree(tree: Record<string, unknown>): CompiledTree {
  const out: CompiledTree = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") {
      try {
        out[key] = compile(value);
      } catch {
        out[key] = value;
      }
    } else out[key] = compileTree(value as Record<string, unknown>);
  }
  return out;
}

export function compiledMessages(locale: Locale): CompiledTree {
  let messages = compiled.get(locale);
  if (!messages) {
    // icu-minify builds a plural's or select's options as null-prototype objects, which React will not pass
    // to Client Components: a JSON round trip makes them plain (next-intl's own loader does the same).
    messages = JSON.parse(
      JSON.stringify(compileTree(messagesFor(locale) as Messages & Record<string, unknown>)),
    ) as CompiledTree;
    compiled.set(locale, messages);
  }
  return messages;
}

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return {
    locale,
    messages: compiledMessages(locale),
    timeZone: "Asia/Ho_Chi_Minh",
  };
});
