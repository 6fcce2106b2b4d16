import { inject } from "vitest";

/**
 * Runs SQL on the test server's own database through its TEST_HOOKS-only endpoint: on PGlite the server
 * owns the data folder, so the tests cannot open it themselves.
 */
export async function sql<T = Record<string, unknown>>(query: string, params: unknown[] = []): Promise<T[]> {
  const res = await fetch(`${inject("baseUrl")}/api/test/sql`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: inject("baseUrl") },
    body: JSON.stringify({ query, params }),
  });
  const body = (await res.json()) as { data?: T[]; error?: unknown };
  if (res.status !== 200 || !body.data)
    throw new Error(`sql failed (${res.status}): ${JSON.stringify(body)}`);
  return body.data;
}
