import { z } from "zod";
import { config } from "@/lib/config";
import { PEER_HEADER } from "@/lib/http/client-ip";
import { ApiError } from "@/lib/http/errors";
import { handle, ok, parseJson } from "@/lib/http/respond";
import { runtime } from "@/lib/server/runtime";

/**
 * Test hook: runs SQL on the server's database so integration tests can inspect rows (e.g. that tokens are
 * stored hashed) and age them. Exists only with TEST_HOOKS=true and answers only loopback callers.
 */
const body = z.object({
  query: z.string().min(1).max(10_000),
  params: z.array(z.unknown()).max(50).default([]),
});

export const POST = handle(async (req) => {
  const peer = req.headers.get(PEER_HEADER) ?? "";
  const loopback = peer === "::1" || peer.startsWith("127.") || peer.startsWith("::ffff:127.");
  if (!config().TEST_HOOKS || !loopback) throw new ApiError("not_found");
  const { query, params } = await parseJson(req, body);
  const { database } = await runtime();
  const rows = database.pglite
    ? (await database.pglite.query(query, params)).rows
    : (await database.pool!.query(query, params)).rows;
  return ok(rows);
});
