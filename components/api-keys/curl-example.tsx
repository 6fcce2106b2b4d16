"use client";

import { useTranslations } from "next-intl";
import { BookOpenIcon } from "@/components/icons/lite/book-open";
import { Link } from "@/lib/i18n/navigation";

/** `'…'` for a POSIX shell: the body may hold an apostrophe ("What's …?"). */
const shellQuoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * A first call to copy: the owner's chat route with the key in the Authorization header, asking the agent's
 * own first suggested question (or one in the page's language).
 */
export function CurlExample({ messageUrl, question }: { messageUrl: string; question: string }) {
  const t = useTranslations("apiKeys");
  const command = [
    `curl -X POST ${messageUrl} \\`,
    `  -H "Authorization: Bearer ac_live_YOUR_KEY" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d ${shellQuoted(JSON.stringify({ content: question }))}`,
  ].join("\n");
  return (
    <section className="grid gap-2" data-testid="curl-example">
      <h2 className="font-semibold">{t("exampleTitle")}</h2>
      <p className="text-sm text-muted-foreground">{t("exampleHint")}</p>
      <pre className="overflow-x-auto rounded-md border bg-muted p-3 text-xs leading-relaxed">
        <code>{command}</code>
      </pre>
      {/* Not prefetched: the docs are opened rarely, and on a build without them the prefetch hangs. */}
      <Link
        href="/docs/api"
        prefetch={false}
        className="inline-flex min-h-11 items-center gap-2 justify-self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <BookOpenIcon className="size-4" aria-hidden />
        {t("docsLink")}
      </Link>
    </section>
  );
}
