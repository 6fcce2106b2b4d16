import "server-only";
import { PassThrough, Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import Busboy from "busboy";
import { ApiError } from "@/lib/http/errors";
import { cleanFileName } from "@/lib/http/text-hygiene";
import { boundaryOf, cleanPartHeaders } from "./multipart-headers";

export type UploadedFile = { name: string; bytes: Uint8Array; size: number };
export type UploadRejection = { name: string; reason: "too_large" | "too_many" };
export type UploadLimits = { maxFileBytes: number; maxFiles: number };

/** Multipart overhead allowed on top of the files themselves (boundaries, part headers). */
const PART_OVERHEAD = 16 * 1024;

/**
 * Reads the `files` parts of a multipart upload as they stream in. A file over the limit is dropped the
 * moment it crosses it (its remaining bytes are read and discarded, never kept), so one oversize file
 * costs no memory and the rest of the batch still arrives. A body larger than the whole batch could be
 * is refused with 413 before or while reading, whatever Content-Length claims.
 */
export async function readUpload(
  req: Request,
  limits: UploadLimits,
): Promise<{ files: UploadedFile[]; rejected: UploadRejection[] }> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data;/i.test(type))
    throw new ApiError("unsupported_media_type", "upload_not_multipart");
  const maxBody = limits.maxFiles * (limits.maxFileBytes + PART_OVERHEAD) + PART_OVERHEAD;
  const tooLarge = () =>
    new ApiError("payload_too_large", "files_too_large", {
      max: Math.round(limits.maxFileBytes / 1024 / 1024),
    });
  if (Number(req.headers.get("content-length") ?? 0) > maxBody) throw tooLarge();
  if (!req.body) return { files: [], rejected: [] };

  const files: UploadedFile[] = [];
  const rejected: UploadRejection[] = [];
  let seen = 0;
  let total = 0;

  await new Promise<void>((resolve, reject) => {
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      // Stop reading: the answer goes out now and the connection is not reused.
      source.unpipe(headers);
      source.pause();
      headers.unpipe(parser);
      reject(err);
    };
    let parser: Busboy.Busboy;
    try {
      parser = Busboy({
        headers: { "content-type": type },
        limits: {
          // One byte more than allowed: reaching it is how an oversize file shows itself.
          fileSize: limits.maxFileBytes + 1,
          files: limits.maxFiles + 100,
          fields: 20,
          fieldSize: 4096,
          parts: limits.maxFiles + 120,
        },
        defParamCharset: "utf8",
      });
    } catch {
      reject(new ApiError("bad_request", "upload_malformed"));
      return;
    }
    const pending: Promise<void>[] = [];
    parser.on("file", (field, stream, info) => {
      const name = cleanName(info.filename);
      if (field !== "files") {
        stream.resume();
        return;
      }
      seen++;
      if (seen > limits.maxFiles) {
        rejected.push({ name, reason: "too_many" });
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size <= limits.maxFileBytes) chunks.push(chunk);
        else chunks.length = 0;
      });
      pending.push(
        new Promise<void>((done) => {
          stream.on("end", () => {
            if (size > limits.maxFileBytes) rejected.push({ name, reason: "too_large" });
            else files.push({ name, bytes: new Uint8Array(Buffer.concat(chunks)), size });
            done();
          });
          stream.on("error", () => done());
        }),
      );
    });
    parser.on("error", () => fail(new ApiError("bad_request", "upload_malformed")));
    parser.on("close", () => {
      if (!failed) void Promise.all(pending).then(() => resolve());
    });
    const source = Readable.fromWeb(req.body as unknown as NodeWebStream<Uint8Array>);
    source.on("data", (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBody) fail(tooLarge());
    });
    source.on("error", (err) =>
      fail(err instanceof ApiError ? err : new ApiError("bad_request", "upload_malformed")),
    );
    // Part headers lose control bytes on the way in (multipart-headers.ts says why); contents do not.
    const boundary = boundaryOf(type);
    const headers = boundary ? cleanPartHeaders(boundary) : new PassThrough();
    source.pipe(headers).pipe(parser);
  });
  return { files, rejected };
}

/** A file name as shown to people; the one rule for names lives with the other text hygiene. */
export const cleanName = cleanFileName;
