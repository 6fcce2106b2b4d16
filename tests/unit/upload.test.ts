import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/errors";
import { cleanName, readUpload } from "@/lib/ingest/upload";

const limits = { maxFileBytes: 1024 * 1024, maxFiles: 5 };

/** A real multipart body, encoded by the platform's own FormData serialisation. */
function uploadOf(files: [name: string, content: string | Uint8Array][], field = "files"): Request {
  const form = new FormData();
  for (const [name, content] of files) form.append(field, new Blob([content as BlobPart]), name);
  return new Request("http://test/upload", { method: "POST", body: form });
}

describe("reading an upload", () => {
  it("keeps every file under the limit with its exact bytes and name", async () => {
    const { files, rejected } = await readUpload(
      uploadOf([
        ["giới thiệu.txt", "Cửa hàng mở cửa từ 7 giờ sáng"],
        ["hours.md", "# Hours\nOpen 7am"],
      ]),
      limits,
    );
    expect(rejected).toEqual([]);
    expect(files.map((f) => [f.name, new TextDecoder().decode(f.bytes), f.size])).toEqual([
      ["giới thiệu.txt", "Cửa hàng mở cửa từ 7 giờ sáng", Buffer.byteLength("Cửa hàng mở cửa từ 7 giờ sáng")],
      ["hours.md", "# Hours\nOpen 7am", 16],
    ]);
  });

  it("drops a file over 1 MB as it streams and keeps the rest of the batch", async () => {
    const big = new Uint8Array(limits.maxFileBytes + 1).fill(65);
    const { files, rejected } = await readUpload(
      uploadOf([
        ["a.txt", "first"],
        ["big.txt", big],
        ["c.txt", "third"],
      ]),
      limits,
    );
    expect(files.map((f) => f.name)).toEqual(["a.txt", "c.txt"]);
    expect(rejected).toEqual([{ name: "big.txt", reason: "too_large" }]);
  });

  it("accepts a file of exactly 1 MB", async () => {
    const exact = new Uint8Array(limits.maxFileBytes).fill(66);
    const { files, rejected } = await readUpload(uploadOf([["exact.txt", exact]]), limits);
    expect(rejected).toEqual([]);
    expect(files[0]?.size).toBe(limits.maxFileBytes);
  });

  it("refuses files beyond the batch count by name", async () => {
    const many = Array.from({ length: 7 }, (_, i) => [`f${i}.txt`, `file ${i}`] as [string, string]);
    const { files, rejected } = await readUpload(uploadOf(many), limits);
    expect(files).toHaveLength(5);
    expect(rejected).toEqual([
      { name: "f5.txt", reason: "too_many" },
      { name: "f6.txt", reason: "too_many" },
    ]);
  });

  it("answers 413 for a body larger than any batch could be, while streaming", async () => {
    const huge = new Uint8Array(limits.maxFileBytes).fill(67);
    const many = Array.from({ length: 12 }, (_, i) => [`h${i}.txt`, huge] as [string, Uint8Array]);
    const err = await readUpload(uploadOf(many, "other"), limits).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(413);
  });

  it("answers 413 at once when Content-Length already says too much", async () => {
    const req = new Request("http://test/upload", {
      method: "POST",
      headers: {
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(50 * 1024 * 1024),
      },
      body: "--x--",
    });
    await expect(readUpload(req, limits)).rejects.toMatchObject({ status: 413 });
  });

  it("refuses what is not multipart, and malformed multipart", async () => {
    const json = new Request("http://test/upload", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    await expect(readUpload(json, limits)).rejects.toMatchObject({ status: 415 });
    const broken = new Request("http://test/upload", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=abc" },
      body: '--abc\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\nunterminated',
    });
    await expect(readUpload(broken, limits)).rejects.toMatchObject({ status: 400 });
  });

  it("ignores other fields and cleans file names", async () => {
    const { files } = await readUpload(uploadOf([["x.txt", "x"]], "avatar"), limits);
    expect(files).toEqual([]);
    expect(cleanName("../../etc/passwd")).toBe("passwd");
    expect(cleanName("C:\\Users\\an\\Ba\u0300i ho\u0323c.docx")).toBe("Bài học.docx");
    expect(cleanName("a\u0000b\u001f.txt")).toBe("ab.txt");
    expect(cleanName("")).toBe("file");
  });
});
