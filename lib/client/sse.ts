/**
 * An incremental text/event-stream parser. Network chunks split anywhere: inside a line, between "\r" and
 * "\n", inside a multi-byte UTF-8 character. Bytes go through one streaming TextDecoder so a character cut
 * in two is only decoded once both halves are here; lines are only handled once their ending arrived.
 */

export type SseEvent = { event: string; data: string; id?: string };

export function createSseParser(onEvent: (event: SseEvent) => void) {
  const decoder = new TextDecoder("utf-8");
  let buffer = "";
  let name = "";
  let data: string[] = [];
  let id: string | undefined;
  let first = true;

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: name || "message", data: data.join("\n"), ...(id ? { id } : {}) });
    name = "";
    data = [];
  };

  const line = (text: string) => {
    if (text === "") return dispatch();
    if (text.startsWith(":")) return; // a comment, e.g. a keep-alive
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") name = value;
    else if (field === "data") data.push(value);
    else if (field === "id") id = value;
  };

  const drain = (final: boolean) => {
    let start = 0;
    for (let i = 0; i < buffer.length; i++) {
      const c = buffer[i];
      if (c !== "\n" && c !== "\r") continue;
      // A "\r" at the very end may be the first half of "\r\n": wait for the next chunk.
      if (c === "\r" && i === buffer.length - 1 && !final) break;
      line(buffer.slice(start, i));
      if (c === "\r" && buffer[i + 1] === "\n") i++;
      start = i + 1;
    }
    buffer = buffer.slice(start);
  };

  return {
    push(chunk: Uint8Array | string) {
      let text = typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
      if (first && text.length > 0) {
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        first = false;
      }
      buffer += text;
      drain(false);
    },
    /** The stream ended: a last event without its blank line is incomplete and dropped, as the spec says. */
    end() {
      buffer += decoder.decode();
      drain(true);
      buffer = "";
      name = "";
      data = [];
    },
  };
}
