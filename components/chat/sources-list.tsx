import { ExternalLinkIcon, FileTextIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ChatSource } from "@/lib/client/chat-types";
import { LINK_REL, safeHref } from "@/lib/client/safe-link";

/** Where an answer came from (CHAT-4): each document once, linked when it has a web address. */
export function SourcesList({ sources }: { sources: ChatSource[] }) {
  const t = useTranslations("chatUi");
  const unique = sources.filter((s, i) => sources.findIndex((o) => o.document_id === s.document_id) === i);
  if (unique.length === 0) return null;
  return (
    <div className="mt-2 grid gap-1" data-testid="answer-sources">
      <p className="text-xs font-medium text-muted-foreground">{t("sources")}</p>
      <ul className="grid gap-1 text-sm">
        {unique.map((s) => {
          const href = safeHref(s.url);
          return (
            <li key={s.document_id} className="flex min-w-0 items-start gap-1.5" title={s.snippet}>
              {href ? (
                <ExternalLinkIcon className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" aria-hidden />
              ) : (
                <FileTextIcon className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" aria-hidden />
              )}
              {href ? (
                <a
                  href={href}
                  target="_blank"
                  rel={LINK_REL}
                  className="min-w-0 break-words text-primary underline touch:inline-flex touch:min-h-11 touch:items-center"
                >
                  {s.title}
                </a>
              ) : (
                <span className="min-w-0 break-words">{s.title}</span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
