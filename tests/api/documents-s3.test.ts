import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oidcEnv, signInWithOidc } from "../helpers/oidc-sign-in";
import { startTestServer, type TestServer } from "../helpers/server";
import { sqlAt } from "../helpers/sql";
import { type S3Peer, startS3Peer } from "../peers/s3";

/**
 * OPS-1 over real HTTP: a server of this file's own with FILE_STORE=s3 keeps an uploaded original in the
 * bucket (an S3-protocol server started here), learns it from there, removes it from there with the
 * document, and /api/health reports the bucket, down as well as up.
 */
let peer: S3Peer;
let server: TestServer;
let auth: Record<string, string> = {};

beforeAll(async () => {
  peer = await startS3Peer();
  server = await startTestServer({
    env: {
      ...oidcEnv(),
      FILE_STORE: "s3",
      S3_ENDPOINT: peer.endpoint,
      S3_BUCKET: peer.bucket,
      S3_ACCESS_KEY_ID: peer.accessKeyId,
      S3_SECRET_ACCESS_KEY: peer.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
  });
  const { access } = await signInWithOidc(undefined, server.baseUrl);
  auth = { authorization: `Bearer ${access}` };
  const agent = await fetch(`${server.baseUrl}/api/v1/agent`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ name: "Tiệm sách Gác Xép" }),
  });
  expect(agent.status).toBe(201);
});

afterAll(async () => {
  await server?.stop();
  // Already stopped by the last test, unless it failed before.
  await peer?.stop().catch(() => {});
});

const sqlOn = (query: string, params: unknown[] = []) => sqlAt(server.baseUrl, query, params);

async function health() {
  const res = await fetch(`${server.baseUrl}/api/health`);
  return { status: res.status, data: ((await res.json()) as { data: Record<string, unknown> }).data };
}

describe("FILE_STORE=s3", () => {
  it("keeps the original in the bucket, learns it from there and removes it with the document", async () => {
    expect((await health()).data.storage).toEqual({ kind: "s3", ok: true });

    const text = "# Giờ mở cửa\n\nTiệm sách Gác Xép mở cửa từ 8 giờ sáng đến 10 giờ tối, cả chủ nhật.\n";
    const form = new FormData();
    form.append("files", new Blob([text]), "gio-mo-cua.md");
    const upload = await fetch(`${server.baseUrl}/api/v1/agent/document`, {
      method: "POST",
      headers: auth,
      body: form,
    });
    expect(upload.status).toBe(200);
    const { data } = (await upload.json()) as { data: { accepted: { id: string }[] } };
    const id = data.accepted[0]!.id;

    const [row] = await sqlOn("select storage_key from documents where id = $1", [id]);
    const key = String(row!.storage_key);
    expect(key).toMatch(/^agents\/[^/]+\/[^/]+$/);
    expect(new TextDecoder().decode((await peer.store().get(key))!)).toBe(text);
    // Nothing on this machine's disk: the bucket is the only copy.
    expect(existsSync(path.join(server.dataDir, "files"))).toBe(false);

    const deadline = Date.now() + 60_000;
    let status = "processing";
    while (status === "processing") {
      if (Date.now() > deadline) throw new Error("the document was not learned within 60 s");
      await new Promise((r) => setTimeout(r, 300));
      status = String((await sqlOn("select status from documents where id = $1", [id]))[0]!.status);
    }
    expect(status).toBe("completed");
    const [passages] = await sqlOn(
      "select count(*)::int as n from passages where document_id = $1 and search @@ phraseto_tsquery('simple', 'chu nhat')",
      [id],
    );
    expect(Number(passages!.n)).toBeGreaterThan(0);

    const removed = await fetch(`${server.baseUrl}/api/v1/agent/document/${id}`, {
      method: "DELETE",
      headers: { ...auth, origin: server.baseUrl },
    });
    expect(removed.status).toBe(200);
    expect(await peer.store().get(key)).toBeNull();
  });

  it("reports a bucket that stopped answering as down, without failing health", async () => {
    await peer.stop();
    const deadline = Date.now() + 20_000;
    let last = await health();
    // The store's answer is reused for up to 5 s.
    while ((last.data.storage as { ok: boolean }).ok) {
      if (Date.now() > deadline) throw new Error(`storage still reported up: ${JSON.stringify(last.data)}`);
      await new Promise((r) => setTimeout(r, 500));
      last = await health();
    }
    expect(last.data.storage).toEqual({ kind: "s3", ok: false });
    expect(last.status).toBe(200);
    expect(last.data.status).toBe("ok");
  });
});
