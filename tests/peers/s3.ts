import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { type S3FileStore, type S3StoreOptions, s3Store } from "@/lib/storage/s3";

/**
 * A real S3-protocol server (s3rver) on loopback with one empty bucket, keeping its objects in a temporary
 * folder: the S3 store is tested against the protocol it speaks in production. s3rver checks the access key
 * id of every request but does not verify V4 signatures, so a wrong secret goes unnoticed here.
 */
export type S3Peer = {
  endpoint: string;
  bucket: string;
  /** s3rver's fixed credentials (only the id is checked) */
  accessKeyId: string;
  secretAccessKey: string;
  /** HTTP requests the server has received so far */
  requests: () => number;
  /** A store on this server (another endpoint, e.g. a proxy in front of it, or shorter timeouts). */
  store: (overrides?: Partial<S3StoreOptions>) => S3FileStore;
  /** The configuration that points a server at this bucket (FILE_STORE=s3 and its S3_* variables). */
  env: Record<string, string>;
  /** Every object's key in the bucket now. */
  keys: () => Promise<string[]>;
  stop: () => Promise<void>;
};

export async function startS3Peer(): Promise<S3Peer> {
  const directory = mkdtempSync(path.join(tmpdir(), "agentcity-s3rver-"));
  const bucket = "agentcity-files";
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  wholeBodiesOnly(server);
  const { port } = await server.run();
  let requests = 0;
  server.httpServer.on("request", () => {
    requests++;
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const stores: S3FileStore[] = [];
  const peer: S3Peer = {
    endpoint,
    bucket,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    requests: () => requests,
    store: (overrides = {}) => {
      const store = s3Store({
        endpoint,
        region: "us-east-1",
        bucket,
        accessKeyId: peer.accessKeyId,
        secretAccessKey: peer.secretAccessKey,
        forcePathStyle: true,
        ...overrides,
      });
      stores.push(store);
      return store;
    },
    env: {
      FILE_STORE: "s3",
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    keys: async () => {
      const client = new S3Client({
        endpoint,
        region: "us-east-1",
        forcePathStyle: true,
        credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      });
      try {
        const found: string[] = [];
        let token: string | undefined;
        do {
          const page = await client.send(
            new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
          );
          for (const o of page.Contents ?? []) if (o.Key) found.push(o.Key);
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
        return found;
      } finally {
        client.destroy();
      }
    },
    stop: async () => {
      for (const store of stores) store.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
  return peer;
}

/**
 * S3 stores an object only once its whole body has arrived ("Amazon S3 never adds partial objects") and
 * answers a PUT only once the object can be read back. s3rver does neither: it writes the body in place as it
 * comes (a client killed mid-upload leaves half an object) and answers when the body has passed through, not
 * when its disk write has ended (a HEAD right after a 32 MB PUT read 30 MB). Here a PUT's body is gathered
 * first, written aside and renamed into place, and only then answered: the promises the S3 store relies on
 * (tests/unit/storage-crash.test.ts).
 */
function wholeBodiesOnly(server: S3rver): void {
  const store = server.store;
  store.putObject = async (object) => {
    const body = await wholeBody(object.content);
    const objectPath = store.getResourcePath(object.bucket, object.key, "object");
    await mkdir(path.dirname(objectPath), { recursive: true });
    const aside = `${objectPath}.${process.pid}.${Date.now()}.part`;
    await writeFile(aside, body);
    await rename(aside, objectPath);
    const md5 = createHash("md5").update(body).digest("hex");
    await store.putMetadata(object.bucket, object.key, object.metadata, md5);
    return { size: body.length, md5 };
  };
}

/** A PUT's whole body; a request that closes before its body ended is refused (nothing is stored). */
function wholeBody(content: unknown): Promise<Buffer> {
  if (Buffer.isBuffer(content)) return Promise.resolve(content);
  const stream = content as Readable;
  const req = content instanceof IncomingMessage ? content : null;
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () =>
      !req || req.complete ? resolve(Buffer.concat(chunks)) : reject(new Error("incomplete body")),
    );
    stream.on("error", reject);
    stream.on("close", () => {
      if (req && !req.complete) reject(new Error("request closed before its body ended"));
    });
  });
}
