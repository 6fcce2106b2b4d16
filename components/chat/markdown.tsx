import { useMemo } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { citedSource, linkCitations, revealSource } from "@/lib/client/citations";
import { LINK_REL, safeHref } from "@/lib/client/safe-link";

/**
 * An answer's markdown, safely: raw HTML is dropped, images never load (a remote <img> would tell a third
 * party who reads the answer), links open only for http(s) and mailto, and wide tables and code scroll
 * inside themselves so a phone page never scrolls sideways. With `citations`, each [n] is a link to the
 * n-th entry of the answer's sources list, which it opens.
 */
export type Citations = { count: number; prefix: string; label: (n: number) => string };

function components(citations: Citations | undefined): Components {
  return {
    a: ({ href, children }) => {
      const n = citations ? citedSource(href, citations.prefix) : null;
      if (citations && n !== null) {
        return (
          <a
            href={href}
            // A word of the sentence it cites, drawn as a small chip; on touch screens the link around the
            // chip is a 44 × 44 px target whose negative vertical margins keep the line's height (a finger
            // hit 19 × 21 px before).
            className="citation group mx-0.5 inline no-underline touch:-my-3 touch:inline-flex touch:min-h-11 touch:min-w-11 touch:items-center touch:justify-center touch:align-middle"
            aria-label={citations.label(n)}
            data-testid="answer-citation"
            onClick={(e) => {
              e.preventDefault();
              revealSource(citations.prefix, n);
            }}
          >
            <span className="rounded-md bg-primary/10 px-1.5 py-0.5 text-xs font-semibold text-primary group-hover:bg-primary/20">
              {n}
            </span>
          </a>
        );
      }
      const safe = safeHref(href);
      if (!safe) return <span>{children}</span>;
      return (
        <a href={safe} target="_blank" rel={LINK_REL} className="font-medium text-primary underline">
          {children}
        </a>
      );
    },
    img: ({ alt }) => (alt ? <span>{alt}</span> : null),
    table: ({ children }) => (
      <div className="my-2 overflow-x-auto">
        <table className="w-full border-collapse text-sm [&_td]:border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:bg-background/60 [&_th]:px-2 [&_th]:py-1 [&_th]:text-left">
          {children}
        </table>
      </div>
    ),
    pre: ({ children }) => (
      <pre className="my-2 overflow-x-auto rounded-md bg-background/60 p-3 text-sm">{children}</pre>
    ),
  };
}

// The transform runs before our components see the URL; keep the text, and let `a` decide.
const keepUrl = (url: string) => url;

export default function Markdown({ text, citations }: { text: string; citations?: Citations }) {
  const parts = useMemo(() => components(citations), [citations]);
  const source = citations ? linkCitations(text, citations.count, citations.prefix) : text;
  return (
    <div className="chat-markdown space-y-2 [overflow-wrap:anywhere] [&_blockquote]:border-l-2 [&_blockquote]:border-primary/40 [&_blockquote]:pl-3 [&_code]:font-mono [&_code]:text-[0.9em] [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5">
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml components={parts} urlTransform={keepUrl}>
        {source}
      </ReactMarkdown>
    </div>
  );
}
