import { describe, expect, it } from "vitest";
import { createSseParser, type SseEvent } from "@/lib/client/sse";

const bytes = (s: string) => new TextEncoder().encode(s);

function parse(chunks: (string | Uint8Array)[]): SseEvent[] {
  const out: SseEvent[] = [];
  const parser = createSseParser((e) => out.push(e));
  for (const c of chunks) parser.push(typeof c === "string" ? bytes(c) : c);
  parser.end();
  return out;
}

const stream = [
  'event: start\ndata: {"conversation_id":"conv_1"}\n\n',
  'event: delta\ndata: {"text":"Xin chào, "}\n\n',
  'event: delta\ndata: {"text":"tôi là trợ lý 🍞"}\n\n',
  'event: done\ndata: {"message":{"id":"msg_1"}}\n\n',
].join("");

const expected = [
  { event: "start", data: '{"conversation_id":"conv_1"}' },
  { event: "delta", data: '{"text":"Xin chào, "}' },
  { event: "delta", data: '{"text":"tôi là trợ lý 🍞"}' },
  { event: "done", data: '{"message":{"id":"msg_1"}}' },
];

describe("SSE parser", () => {
  it("reads several events from one chunk", () => {
    expect(parse([stream])).toEqual(expected);
  });

  it("gives the same events however the bytes are split, including inside a UTF-8 character", () => {
    const all = bytes(stream);
    for (let size = 1; size <= 7; size++) {
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < all.length; i += size) chunks.push(all.slice(i, i + size));
      expect(parse(chunks)).toEqual(expected);
    }
    // Every single cut point, two chunks each.
    for (let cut = 1; cut < all.length; cut++) {
      expect(parse([all.slice(0, cut), all.slice(cut)])).toEqual(expected);
    }
  });

  it("splits a multi-byte character across chunks without a replacement character", () => {
    const all = bytes('event: delta\ndata: {"text":"ệ"}\n\n');
    const at = all.indexOf(0xe1) + 1; // "ệ" is E1 BB 87: cut after its first byte
    const out = parse([all.slice(0, at), all.slice(at, at + 1), all.slice(at + 1)]);
    expect(out).toEqual([{ event: "delta", data: '{"text":"ệ"}' }]);
    expect(out[0]!.data).not.toContain("\uFFFD");
  });

  it("reads CRLF line endings split between \\r and \\n, comments and multi-line data", () => {
    const out = parse([
      ": keep-alive\r\n\r\nevent: error\r",
      '\ndata: {"error":\r\ndata: {"status":502}}\r',
      "\n\r\n",
    ]);
    expect(out).toEqual([{ event: "error", data: '{"error":\n{"status":502}}' }]);
  });

  it("reads an error event and drops an event the stream never finished", () => {
    const out = parse([
      'event: error\ndata: {"error":{"status":502,"message":"model_failed","detail":"Mô hình lỗi"},"message_id":"msg_9"}\n\n',
      'event: delta\ndata: {"text":"half',
    ]);
    expect(out).toHaveLength(1);
    expect(out[0]!.event).toBe("error");
    expect(JSON.parse(out[0]!.data).error.detail).toBe("Mô hình lỗi");
  });
});
