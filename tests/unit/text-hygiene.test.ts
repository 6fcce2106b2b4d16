import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "@/lib/http/errors";
import { jsonLimitFor, parseJson } from "@/lib/http/respond";
import {
  charCount,
  cleanFileName,
  cleanLine,
  cleanQuery,
  cleanStrings,
  cleanText,
  FILE_NAME_MAX,
} from "@/lib/http/text-hygiene";
import { maxChars } from "@/lib/http/validation";
import { boundaryOf, cleanPartHeaders } from "@/lib/ingest/multipart-headers";
import { readUpload } from "@/lib/ingest/upload";

/** Every C0 control, DEL and the C1 block: what no stored text may keep (but tab and newline). */
const allControls = Array.from({ length: 0xa0 }, (_, i) => i)
  .filter((c) => c < 0x20 || c >= 0x7f)
  .map((c) => String.fromCharCode(c))
  .join("");
const bidi = "\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069";

describe("cleanText", () => {
  it("drops NUL, every other control and DEL, keeps tab and newline", () => {
    expect(cleanText(`a${allControls}b`)).toBe("a\t\n\nb");
    expect(cleanText("x\u0000y")).toBe("xy");
    expect(cleanText("one\ttwo\nthree")).toBe("one\ttwo\nthree");
  });

  it("turns CRLF and a lone CR into one newline each", () => {
    expect(cleanText("a\r\nb\rc\n\rd")).toBe("a\nb\nc\n\nd");
  });

  it("drops bidi overrides, embeddings and isolates", () => {
    expect(cleanText(`report${bidi}fdp.txt`)).toBe("reportfdp.txt");
  });

  it("replaces lone surrogates and keeps pairs", () => {
    expect(cleanText("a\uD800b\uDC00c😀")).toBe("a\uFFFDb\uFFFDc😀");
  });

  it("composes decomposed Vietnamese (NFC)", () => {
    expect(cleanText("Ba\u0300i ho\u0323c")).toBe("Bài học");
  });

  it("keeps ordinary text exactly", () => {
    const text = "Thành phố Hồ Chí Minh — giờ mở cửa: 7:00–21:00 ✓ \u200D 👩‍💻";
    expect(cleanText(text)).toBe(text);
  });
});

describe("cleanLine", () => {
  it("makes one trimmed line without direction marks", () => {
    expect(cleanLine("  An\u200E \n\t Bình\u200F\u061C ")).toBe("An Bình");
    expect(cleanLine("\u0000\u202E")).toBe("");
  });
});

describe("cleanStrings", () => {
  it("cleans every string in a JSON value, keys included, and keeps the rest", () => {
    const input = { "na\u0000me": "A\u0000n", list: ["x\u0001", 1, true, null, { deep: "\u202Ey" }] };
    expect(cleanStrings(input)).toEqual({ name: "An", list: ["x", 1, true, null, { deep: "y" }] });
    expect(input.list[0]).toBe("x\u0001");
  });

  it("keeps a __proto__ key an ordinary key", () => {
    const out = cleanStrings(JSON.parse('{"__proto__": {"admin": true}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect((out as { admin?: boolean }).admin).toBeUndefined();
    expect(Object.keys(out)).toEqual(["__proto__"]);
  });

  it("walks nesting deeper than the call stack", () => {
    const depth = 100_000;
    const deep = JSON.parse(`${"[".repeat(depth)}"\\u0000"${"]".repeat(depth)}`);
    let node = cleanStrings(deep);
    for (let i = 0; i < depth; i++) node = (node as unknown[])[0];
    expect(node).toBe("");
  });
});

describe("cleanQuery", () => {
  it("cleans names and values, bad percent-encoded UTF-8 included", () => {
    const q = cleanQuery("http://t/x?q=a%00b%E2%80%AEc&la%01st_id=%FF&tz=%0D%0A");
    expect(q.get("q")).toBe("abc");
    expect(q.get("last_id")).toBe("\uFFFD");
    expect(q.get("tz")).toBe("\n");
  });
});

describe("cleanFileName", () => {
  it("shortens a long name keeping its extension", () => {
    const name = cleanFileName(`${"bao-cao-".repeat(40)}.pdf`);
    expect(charCount(name)).toBe(FILE_NAME_MAX);
    expect(name.endsWith(".pdf")).toBe(true);
    const vi = cleanFileName(`${"tài liệu ".repeat(40)}x.docx`);
    expect(charCount(vi)).toBeLessThanOrEqual(FILE_NAME_MAX);
    expect(vi.endsWith(".docx")).toBe(true);
  });

  it("counts characters, not UTF-16 units, and never splits an emoji", () => {
    const name = cleanFileName(`${"😀".repeat(300)}.txt`);
    expect(charCount(name)).toBe(FILE_NAME_MAX);
    expect(name).toBe(`${"😀".repeat(FILE_NAME_MAX - 4)}.txt`);
  });

  it("cuts a long name without a plain extension at the limit", () => {
    expect(charCount(cleanFileName("a".repeat(500)))).toBe(FILE_NAME_MAX);
  });

  it("keeps a name at the limit as it is", () => {
    const exact = `${"b".repeat(FILE_NAME_MAX - 4)}.csv`;
    expect(cleanFileName(exact)).toBe(exact);
  });

  it("drops folders, controls and bidi characters", () => {
    expect(cleanFileName("report\u202Efdp.txt")).toBe("reportfdp.txt");
    expect(cleanFileName("a\u0001b\u007f.txt")).toBe("ab.txt");
    expect(cleanFileName("..\\..\\x\u2066.md")).toBe("x.md");
    expect(cleanFileName("\u0000\u202E")).toBe("file");
    expect(cleanFileName(undefined)).toBe("file");
  });
});

describe("maxChars", () => {
  it("counts code points and reports zod's own too_big", () => {
    const schema = z.object({ t: z.string().pipe(maxChars(3)) });
    expect(schema.safeParse({ t: "😀😀😀" }).success).toBe(true);
    const over = schema.safeParse({ t: "😀😀😀😀" });
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]).toMatchObject({ code: "too_big", maximum: 3, origin: "string" });
  });
});

describe("parseJson cleans before the schema sees anything", () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    new Request("http://app.test/api", {
      method: "POST",
      body,
      headers: { "content-type": "application/json", ...headers },
    });
  const schema = z.object({ name: z.string().min(1), tags: z.array(z.string()).optional() });

  it("removes NUL and bidi characters from every string", async () => {
    const body = JSON.stringify({ name: "A\u0000n\u202E", tags: ["x\u0000", "\u2066y"] });
    expect(await parseJson(post(body), schema)).toEqual({ name: "An", tags: ["x", "y"] });
  });

  it("judges the length after cleaning: a name of controls only is missing", async () => {
    const err = await parseJson(post(JSON.stringify({ name: "\u0000\u0001" })), schema).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(422);
  });

  it("answers 413 with the route's limit in the translated detail", async () => {
    const limit = 1024;
    const err = (await parseJson(post(JSON.stringify({ name: "x".repeat(2000) })), schema, {
      maxBytes: limit,
    }).catch((e) => e)) as ApiError;
    expect(err.status).toBe(413);
    expect(err.body("en").error.detail).toContain("1 KB");
    expect(err.body("vi").error.detail).toContain("tối đa 1 KB");
  });

  it("sizes a route's limit for its characters escaped as \\uXXXX", () => {
    const chars = 1000;
    const escaped = JSON.stringify({ t: "x".repeat(chars) }).replace(/x/g, "\\u0078");
    expect(Buffer.byteLength(escaped)).toBeLessThanOrEqual(jsonLimitFor(chars));
    expect(jsonLimitFor(chars)).toBeLessThan(chars * 6 + 16 * 1024);
  });
});

describe("an upload with a file name no header may carry", () => {
  const limits = { maxFileBytes: 1024 * 1024, maxFiles: 5 };
  const uploadOf = (names: string[]) => {
    const form = new FormData();
    for (const [i, name] of names.entries()) form.append("files", new Blob([`file ${i}`]), name);
    return new Request("http://test/upload", { method: "POST", body: form });
  };

  it("cleans that file's name and keeps every file of the batch", async () => {
    const { files, rejected } = await readUpload(
      uploadOf(["a.txt", "b\u0001ad.txt", "c.txt", "del\u007f.txt", "report\u202Efdp.txt"]),
      limits,
    );
    expect(rejected).toEqual([]);
    expect(files.map((f) => f.name)).toEqual(["a.txt", "bad.txt", "c.txt", "del.txt", "reportfdp.txt"]);
    expect(files.map((f) => new TextDecoder().decode(f.bytes))).toEqual(
      [0, 1, 2, 3, 4].map((i) => `file ${i}`),
    );
  });

  it("cleans a control character sent percent-encoded (filename*) instead", async () => {
    const body =
      "--b\r\n" +
      "Content-Disposition: form-data; name=\"files\"; filename*=utf-8''a%01b%00.txt\r\n\r\n" +
      "hello\r\n--b--\r\n";
    const req = new Request("http://test/upload", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=b" },
      body,
    });
    const { files, rejected } = await readUpload(req, limits);
    expect(rejected).toEqual([]);
    expect(files.map((f) => f.name)).toEqual(["ab.txt"]);
  });

  it("keeps a 300-character name's extension", async () => {
    const { files } = await readUpload(uploadOf([`${"n".repeat(296)}.txt`]), limits);
    expect(files[0]!.name).toBe(`${"n".repeat(FILE_NAME_MAX - 4)}.txt`);
  });
});

describe("cleanPartHeaders", () => {
  /** Runs a body through the cleaner cut into chunks of `size` bytes, as a slow network would deliver it. */
  async function through(body: Buffer, boundary: string, size: number): Promise<Buffer> {
    const cleaner = cleanPartHeaders(boundary);
    const out: Buffer[] = [];
    cleaner.on("data", (b: Buffer) => out.push(b));
    const done = new Promise((r) => cleaner.on("end", r));
    for (let i = 0; i < body.length; i += size) cleaner.write(body.subarray(i, i + size));
    cleaner.end();
    await done;
    return Buffer.concat(out);
  }

  const content = Buffer.from([0, 1, 2, 0x7f, 13, 10, 45, 45, 0x1f, 0xff, 9, 0]);
  const body = Buffer.concat([
    Buffer.from(
      '--XyZ\r\nContent-Disposition: form-data; name="files"; filename="a\u0001b\u007f.txt"\r\n\r\n',
    ),
    content,
    Buffer.from('\r\n--XyZ\r\nContent-Disposition: form-data; name="files"; filename="c\u0000.txt"\r\n\r\n'),
    content,
    Buffer.from("\r\n--XyZ--\r\n\u0001epilogue"),
  ]);
  const expected = Buffer.concat([
    Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="files"; filename="ab.txt"\r\n\r\n'),
    content,
    Buffer.from('\r\n--XyZ\r\nContent-Disposition: form-data; name="files"; filename="c.txt"\r\n\r\n'),
    content,
    Buffer.from("\r\n--XyZ--\r\n\u0001epilogue"),
  ]);

  it("cleans headers only, contents byte for byte, however the body is cut", async () => {
    for (const size of [1, 2, 3, 5, 7, 16, 64, body.length]) {
      expect((await through(body, "XyZ", size)).equals(expected), `chunks of ${size}`).toBe(true);
    }
  });

  it("reads the boundary, quoted or not", () => {
    expect(boundaryOf("multipart/form-data; boundary=abc")).toBe("abc");
    expect(boundaryOf('multipart/form-data; boundary="a b"; charset=utf-8')).toBe("a b");
    expect(boundaryOf("multipart/form-data")).toBeNull();
  });
});
