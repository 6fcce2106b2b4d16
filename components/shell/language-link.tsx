import { LanguagesIcon } from "@/components/icons/lite/languages";
import type { Locale } from "@/lib/i18n/routing";

/** The same page in the other language: `/en/c/x` → `/vi/c/x` (every page's address starts with its language). */
export function otherLanguagePath(path: string, other: Locale): string {
  return `/${other}${path.replace(/^\/(en|vi)(?=\/|$)/, "")}`;
}

/**
 * The language choice on public pages: with two languages one link to the same page in the other is
 * enough. Drawn on the server, so the public chat loads no script for it; the chat points it at the
 * conversation once its address becomes the conversation's (components/chat/public-chat.tsx).
 */
export function LanguageLink(props: { other: Locale; path: string; label: string; name: string }) {
  return (
    <a
      href={otherLanguagePath(props.path, props.other)}
      lang={props.other}
      hrefLang={props.other}
      title={props.label}
      data-language-link
      className="inline-flex h-9 touch:h-11 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 outline-none"
    >
      <LanguagesIcon className="size-4" aria-hidden />
      {props.name}
    </a>
  );
}
