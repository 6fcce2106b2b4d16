import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { LINK_REL, safeHref } from "@/lib/client/safe-link";

/**
 * An answer's markdown, safely: raw HTML is dropped, images never load (a remote <img> would tell a third
 * party who reads the answer), links open only for http(s) and mailto, and wide tables and code scroll
 * inside themselves so a phone page never scrolls sideways.
 */
const components: Components = {
  a: ({ href, children }) => {
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
      <table className="w-full border-collapse text-sm [&_td]:border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:px-2 [&_th]:py-1">
        {children}
      </table>
    </div>
  ),
  pre: ({ children }) => (
    <pre className="my-2 overflow-x-auto rounded-md bg-background/60 p-3 text-sm">{children}</pre>
  ),
};

// The transform runs before our components see the URL; keep the text, and let `a` decide.
const keepUrl = (url: string) => url;

export default function Markdown({ text }: { text: string }) {
  return (
    <div className="chat-markdown space-y-2 [overflow-wrap:anywhere] [&_code]:font-mono [&_code]:text-[0.9em] [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5">
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml components={components} urlTransform={keepUrl}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
