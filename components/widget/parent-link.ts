import type { WidgetIdentity } from "@/lib/client/chat-types";
import { onParentMessage, parentOrigin, postToParent } from "./parent-window";

/**
 * The frame's conversation with the embedding page, loaded after the page has drawn (it is not needed to
 * show the chat): listens for `identify`, then says `ready`, which is when the loader sends what it holds.
 */
export type ParentLink = {
  origin: string | null;
  post(type: string, extra?: Record<string, unknown>): void;
  stop(): void;
};

export function connectToParent(onIdentity: (who: WidgetIdentity | null) => void): ParentLink {
  const origin = parentOrigin();
  const stop = onParentMessage(origin, (m) => {
    if (m.type === "identify") onIdentity(identityOf(m.identity));
  });
  postToParent(origin, { type: "ready" });
  return { origin, post: (type, extra) => postToParent(origin, { type, ...extra }), stop };
}

const cut = (v: unknown, max: number) => (typeof v === "string" ? v.slice(0, max) : undefined);

/** What the page passed, as far as the API takes it: the server checks the hash. */
function identityOf(value: unknown): WidgetIdentity | null {
  const v = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  const user_id = cut(v.user_id, 200);
  const user_hash = cut(v.user_hash, 128);
  return user_id && user_hash ? { user_id, user_hash, name: cut(v.name, 100) } : null;
}
