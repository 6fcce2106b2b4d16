/**
 * Messages between the widget's frame and the page that embeds it, both ways with an explicit origin: the
 * loader names the page's origin in the frame's address (`?host=`), and the frame believes it only when the
 * browser agrees (location.ancestorOrigins, or the referrer where that is missing). Messages are tagged and
 * versioned; anything else is ignored.
 */
export const TAG = "agentcity";
export const VERSION = 1;

export type ParentMessage = { type: string; [key: string]: unknown };

export function parentOrigin(): string | null {
  if (window.parent === window) return null;
  const claimed = new URLSearchParams(window.location.search).get("host");
  if (!claimed) return null;
  let origin: string;
  try {
    origin = new URL(claimed).origin;
  } catch {
    return null;
  }
  const ancestors = (window.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0] === origin ? origin : null;
  try {
    return document.referrer && new URL(document.referrer).origin === origin ? origin : null;
  } catch {
    return null;
  }
}

export function postToParent(origin: string | null, message: ParentMessage): void {
  if (!origin) return;
  window.parent.postMessage({ tag: TAG, v: VERSION, ...message }, origin);
}

/** Listens to the embedding page only: its window and its origin. */
export function onParentMessage(origin: string | null, handler: (m: ParentMessage) => void): () => void {
  if (!origin) return () => {};
  const listener = (event: MessageEvent) => {
    if (event.source !== window.parent || event.origin !== origin) return;
    const data = event.data as { tag?: unknown; v?: unknown; type?: unknown } | null;
    if (!data || data.tag !== TAG || data.v !== VERSION || typeof data.type !== "string") return;
    handler(data as ParentMessage);
  };
  window.addEventListener("message", listener);
  return () => window.removeEventListener("message", listener);
}
