import { foldForSearch } from "@/lib/retrieval/fold";

/** What the mock model answers, and the vectors its embeddings endpoint returns: pure functions. */

export type ChatMessage = { role: string; content: unknown };

/** Dangerous markdown a model could be tricked into writing; the pixel proves remote images stay unloaded. */
export function evilReply(origin: string): string {
  return [
    "Here is some **markdown** a compromised model might write:",
    "",
    "<script>alert(1)</script>",
    "",
    "[click](javascript:alert(1))",
    "",
    "<img src=x onerror=alert(1)>",
    "",
    `![pixel](${origin}/pixel.png)`,
  ].join("\n");
}

/** `SAY:` lets a test dictate the answer exactly; anything else is echoed so tests can see what was sent. */
export function replyFor(messages: ChatMessage[]): string {
  const lastUser = [...messages].reverse().find((m) => m.role === "user");
  const text = lastUser ? contentText(lastUser.content) : "";
  const said = text.indexOf("SAY:");
  if (said >= 0) return text.slice(said + "SAY:".length).trimStart();
  return `Echo: ${text.slice(0, 200)}`;
}

/** OpenAI content is a string or a list of parts; only the text parts matter here. */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((p) => (p && typeof p === "object" && "text" in p && typeof p.text === "string" ? p.text : ""))
    .join("");
}

/** Word by word with the spaces kept, so the tokens join back into exactly the reply. */
export function splitTokens(reply: string, minTokens = 1): string[] {
  const words = reply.match(/\s*\S+\s*/g) ?? (reply ? [reply] : []);
  if (words.length >= minTokens || reply.length <= words.length) return words;
  // Too few words to last long enough: cut evenly by characters instead.
  const size = Math.max(1, Math.ceil(reply.length / minTokens));
  const chars = Array.from(reply);
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += size) pieces.push(chars.slice(i, i + size).join(""));
  return pieces;
}

/**
 * A bag-of-words vector: each folded word is hashed to a dimension and a sign, so texts sharing words
 * (with or without Vietnamese marks) point the same way, deterministically.
 */
export function hashEmbedding(text: string, dimensions = 64): number[] {
  const v = new Array<number>(dimensions).fill(0);
  for (const word of foldForSearch(text).split(" ")) {
    if (!word) continue;
    const h = fnv1a(word);
    v[h % dimensions]! += h & 0x80000000 ? -1 : 1;
  }
  const norm = Math.hypot(...v);
  // An empty text still gets a valid unit vector: a zero vector has no cosine distance.
  if (norm === 0) return v.map((_, i) => (i === 0 ? 1 : 0));
  return v.map((x) => x / norm);
}

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (const ch of new TextEncoder().encode(s)) {
    h ^= ch;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
