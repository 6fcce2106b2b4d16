import { setRequestHook } from "@/lib/client/request-hook";

/**
 * The widget's frame is a third-party context: the browser may keep no cookie for it. The frame keeps the
 * visitor's signed id in its own storage (partitioned per embedding site by the browser) and sends it with
 * every request; the server hands a new visitor's id back in the same header (lib/auth/visitor.ts).
 */
const VISITOR_HEADER = "x-agentcity-visitor";
const EMBED_HEADER = "x-agentcity-embed";
const KEY = "agentcity.visitor";
const SHAPE = /^v_[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{20,64}$/;

export function keepVisitorInFrame(): () => void {
  // Storage can be refused outright (some privacy modes): the id then lives as long as the page.
  let memory: string | null = null;
  const read = (): string | null => {
    try {
      return window.localStorage.getItem(KEY) ?? memory;
    } catch {
      return memory;
    }
  };
  const write = (value: string) => {
    memory = value;
    try {
      window.localStorage.setItem(KEY, value);
    } catch {
      // memory only
    }
  };
  setRequestHook({
    headers: () => {
      const id = read();
      const headers: Record<string, string> = { [EMBED_HEADER]: "1" };
      if (id && SHAPE.test(id)) headers[VISITOR_HEADER] = id;
      return headers;
    },
    received: (res) => {
      const id = res.headers.get(VISITOR_HEADER);
      if (id && SHAPE.test(id)) write(id);
    },
  });
  return () => setRequestHook(null);
}
