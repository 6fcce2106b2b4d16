import "server-only";
import { broadcaster } from "@/lib/cache/broadcast";

/**
 * Who is listening to live-inbox events in this process (issue 46): each open stream, by the conversation
 * (a visitor) or the workspace (a member) it follows. An event stored by any instance wakes them: here at
 * once, elsewhere through the caches' Postgres LISTEN/NOTIFY channel (lib/cache/broadcast.ts). A woken
 * stream reads what it has not sent yet from the events table, so a notice only ever says "look".
 */
type Wake = () => void;

class Hub {
  private readonly byConversation = new Map<string, Set<Wake>>();
  private readonly byWorkspace = new Map<string, Set<Wake>>();
  /** Streams open in this process (the cap, INBOX_MAX_STREAMS). */
  open = 0;

  constructor() {
    broadcaster().on("inbox", (key) => {
      const [workspaceId, conversationId] = key.split(":");
      if (workspaceId && conversationId) this.wakeHere(workspaceId, conversationId);
    });
  }

  subscribe(kind: "conversation" | "workspace", id: string, wake: Wake): () => void {
    const map = kind === "conversation" ? this.byConversation : this.byWorkspace;
    let set = map.get(id);
    if (!set) {
      set = new Set();
      map.set(id, set);
    }
    set.add(wake);
    return () => {
      set.delete(wake);
      if (set.size === 0 && map.get(id) === set) map.delete(id);
    };
  }

  /** An event of this conversation (in this workspace) was stored: every instance's streams look. */
  wake(workspaceId: string, conversationId: string): void {
    this.wakeHere(workspaceId, conversationId);
    broadcaster().send("inbox", `${workspaceId}:${conversationId}`);
  }

  private wakeHere(workspaceId: string, conversationId: string): void {
    for (const w of this.byConversation.get(conversationId) ?? []) w();
    for (const w of this.byWorkspace.get(workspaceId) ?? []) w();
  }
}

const KEY = Symbol.for("agentcity.inbox-hub");

/** The process's hub, shared by every bundle copy (Next bundles each route apart). */
export function hub(): Hub {
  const g = globalThis as { [KEY]?: Hub };
  g[KEY] ??= new Hub();
  return g[KEY];
}
