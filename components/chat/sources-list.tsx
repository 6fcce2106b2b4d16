import { ExternalLinkIcon } from "@/components/icons/lite/external-link";
import { FileTextIcon } from "@/components/icons/lite/file-text";
import type { ChatSource } from "@/lib/client/chat-types";
import { sourceAnchor } from "@/lib/client/citations";
import { LINK_REL, safeHref } from "@/lib/client/safe-link";
import { useLiteT } from "@/lib/i18n/lite";

/**
 * Where an answer came from (CHAT-4): numbered as the answer cites them, each linked to its web page when
 * it has one, and the passage it was quoted or used from shown on demand.
 */
export function SourcesList({ sources, prefix }: { sources: ChatSource[]; prefix: string }) {
  const t = useLiteT("chatUi");
  if (sources.length === 0) return null;
  return (
    <div className="mt-2 grid min-w-0 gap-1" data-testid="answer-sources">
      <p className="text-xs font-medium text-muted-foreground">{t("sources")}</p>
      <ol className="grid min-w-0 gap-1 text-sm">
        {sources.map((s, i) => {
          const n = i + 1;
          const href = safeHref(s.url);
          const passage = (s.passage ?? s.snippet).trim();
          return (
            <li
              key={`${n}-${s.document_id}`}
              id={sourceAnchor(prefix, n)}
              tabIndex={-1}
              className="min-w-0 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring target:bg-primary/5"
              data-testid="answer-source"
            >
              <div className="flex min-w-0 items-start gap-1.5">
                <span className="mt-0.5 inline-flex min-w-5 justify-center rounded bg-primary/10 px-1 text-xs font-semibold text-primary">
                  {n}
                </span>
                {href ? (
                  <ExternalLinkIcon className="mt-1 size-3.5 shrink-0 text-muted-foreground" aria-hidden />
                ) : (
                  <FileTextIcon className="mt-1 size-3.5 shrink-0 text-muted-foreground" aria-hidden />
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
              </div>
              {passage && (
                <details className="group ml-7 min-w-0" data-testid="answer-source-passage">
                  <summary className="inline-flex min-h-8 touch:min-h-11 cursor-pointer items-center text-xs text-muted-foreground underline-offset-2 hover:underline">
                    {t("showPassage")}
                  </summary>
                  <blockquote className="mt-1 max-h-60 overflow-y-auto whitespace-pre-line border-l-2 border-primary/30 pl-3 text-xs text-muted-foreground [overflow-wrap:anywhere]">
                    {passage}
                  </blockquote>
                </details>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
