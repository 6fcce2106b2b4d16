import "server-only";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { Config } from "@/lib/config";
import { assertKey } from "./key";
import type { CheckedFileStore } from "./types";

export type S3StoreOptions = {
  /** unset = AWS S3 itself */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Tests shorten these; the defaults suit files of at most a few megabytes. */
  timeouts?: Partial<S3Timeouts>;
};

type S3Timeouts = {
  /** to open a connection: a dead or unreachable host fails here */
  connectMs: number;
  /** for one whole request and its response: a host that accepted and went silent fails here */
  requestMs: number;
  /** for /api/health's HeadBucket, all attempts together */
  checkMs: number;
};

const DEFAULT_TIMEOUTS: S3Timeouts = { connectMs: 3_000, requestMs: 15_000, checkMs: 3_000 };

/** A bucket store, with the size of an object for storage:migrate's "already there" test. */
export type S3FileStore = CheckedFileStore & {
  /** bytes stored under the key, null when there is nothing */
  size(key: string): Promise<number | null>;
  /** Closes the client's pooled connections (scripts and tests end with it). */
  destroy(): void;
};

/**
 * Originals in an S3 bucket (AWS, MinIO, R2, …), so that every machine reads the same files. One PutObject
 * per file: S3 stores an object only once its whole body has arrived, so a writer that dies mid-upload
 * leaves nothing under the key, the same promise the local store keeps by writing aside and renaming.
 * Files are at most 1 MB, far below the 5 GB a single PutObject takes, so no multipart upload (whose parts
 * would be left behind by a crash) is ever needed.
 */
export function s3Store(options: S3StoreOptions): S3FileStore {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    // Explicit keys only: the SDK's default chain would look in ~/.aws and query the cloud metadata
    // address, which on a laptop or a non-AWS host means a silent wait.
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Bounded: a dead store fails the upload or the ingest job (which pg-boss retries) instead of hanging.
    requestHandler: {
      connectionTimeout: timeouts.connectMs,
      requestTimeout: timeouts.requestMs,
      throwOnRequestTimeout: true,
    },
    maxAttempts: 2,
    // AWS itself keeps the SDK's default checksums (a CRC on every PutObject since 3.729.0). Other hosts get
    // checksums only where the API demands them: that default broke uploads to Cloudflare R2 and other
    // S3-compatible servers (aws/aws-sdk-js-v3#6810), and TLS already protects the body in transit.
    ...(options.endpoint
      ? { requestChecksumCalculation: "WHEN_REQUIRED", responseChecksumValidation: "WHEN_REQUIRED" }
      : {}),
  });
  const Bucket = options.bucket;

  return {
    kind: "s3",
    async put(key, bytes) {
      assertKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: "application/octet-stream",
        }),
      );
    },
    async get(key) {
      assertKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return new Uint8Array();
        return await res.Body.transformToByteArray();
      } catch (err) {
        if (isMissingObject(err)) return null;
        throw err;
      }
    },
    async putFile(key, file) {
      assertKey(key);
      // One PutObject with a streamed body of known length (up to 5 GB): nothing is held whole in memory,
      // and the object appears only once it has all arrived.
      const { size } = await stat(file);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: "application/octet-stream",
        }),
      );
    },
    async stream(key) {
      assertKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return new ReadableStream<Uint8Array>({ start: (c) => c.close() });
        return res.Body.transformToWebStream() as ReadableStream<Uint8Array>;
      } catch (err) {
        if (isMissingObject(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      assertKey(key);
      // S3 answers 204 for a key that is not there: deleting twice is already harmless.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async size(key) {
      assertKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (err) {
        if (isMissingObject(err)) return null;
        throw err;
      }
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }), {
          abortSignal: AbortSignal.timeout(timeouts.checkMs),
        });
        return true;
      } catch {
        // Unreachable, refused credentials or no such bucket: all mean uploads would fail now.
        return false;
      }
    },
    destroy() {
      client.destroy();
    },
  };
}

/** The bucket FILE_STORE=s3 names (the server's store, and storage:migrate's target). */
export function configuredS3Store(cfg: Config): S3FileStore {
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = cfg;
  // parseConfig refuses FILE_STORE=s3 without these; anything else asking for the bucket is a bug.
  if (!bucket || !accessKeyId || !secretAccessKey) throw new Error("FILE_STORE=s3 is not configured");
  return s3Store({
    endpoint: cfg.S3_ENDPOINT,
    region: cfg.S3_REGION,
    bucket,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: cfg.S3_FORCE_PATH_STYLE,
  });
}

/**
 * A key with nothing under it: GetObject says NoSuchKey, HeadObject (no body) a bare 404. A missing bucket
 * is a misconfiguration, not a missing file, and must fail loudly rather than read as "no file".
 */
function isMissingObject(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  if (!e || e.name === "NoSuchBucket") return false;
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
}
