import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oidcEnv, signInWithOidc } from "../helpers/oidc-sign-in";
import { startTestServer, type TestServer } from "../helpers/server";
import { sqlAt } from "../helpers/sql";
import { type S3Peer, startS3Peer } from "../peers/s3";

/**
 * Issue 48 with FILE_STORE=s3: deleting a workspace removes its agent's stored originals from the bucket
 * (an S3-protocol server started here), not only from the database.
 */
let peer: S3Peer;
let server: TestServer;

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
});

afterAll(async () => {
  await server?.stop();
  await peer?.stop().catch(() => {});
});

const sqlOn = (query: string, params: unknown[] = []) => sqlAt(server.baseUrl, query, params);

describe("deleting a workspace with FILE_STORE=s3", () => {
  it("removes every stored original of its agent from the bucket", async () => {
    const { access } = await signInWithOidc(undefined, server.baseUrl);
    const headers = {
      authorization: `Bearer ${access}`,
      origin: server.baseUrl,
      "content-type": "application/json",
    };
    const post = (p: string, body: unknown, method = "POST") =>
      fetch(`${server.baseUrl}${p}`, { method, headers, body: JSON.stringify(body) });
    expect((await post("/api/v1/agent", { name: "Tiệm sách Gác Xép" })).status).toBe(201);
    for (const [title, content] of [
      ["Giờ mở cửa", "Tiệm sách mở cửa từ 8 giờ sáng đến 10 giờ tối."],
      ["Địa chỉ", "Số 12 phố Hàng Bài, Hà Nội."],
    ]) {
      expect((await post("/api/v1/agent/document", { type: "text", title, content })).status).toBe(200);
    }
    const [agent] = await sqlOn(
      "select a.id, w.name from agents a join workspaces w on w.id = a.workspace_id",
    );
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [open] = await sqlOn(
        "select count(*)::int as n from documents where agent_id = $1 and status = 'processing'",
        [agent!.id],
      );
      if (Number(open!.n) === 0) break;
      if (Date.now() > deadline) throw new Error("the documents were not learned within 60 s");
      await new Promise((r) => setTimeout(r, 300));
    }
    const keys = (await sqlOn("select storage_key from documents where agent_id = $1", [agent!.id])).map(
      (r) => String(r.storage_key),
    );
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(await peer.store().get(key)).not.toBeNull();

    const res = await post("/api/v1/workspace", { confirm_name: agent!.name }, "DELETE");
    expect(res.status).toBe(200);
    for (const key of keys) expect(await peer.store().get(key)).toBeNull();
    expect(await sqlOn("select id from documents where agent_id = $1", [agent!.id])).toEqual([]);
  });
});
