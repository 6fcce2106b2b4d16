import { inject } from "vitest";

/**
 * Runs SQL on a test server's own database through its TEST_HOOKS-only endpoint: on PGlite the server
 * owns the data folder, so the tests cannot open it themselves. `sqlAt` for a file's own server.
 */
export async function sqlAt<T = Record<string, unknown>>(
  base: string,
  query: string,
  params: unknown[] = [],
): Promise<T[]> {
  const res = await fetch(`${base}/api/test/sql`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ query, params }),
  });
  const body = (await res.json()) as { data?: T[]; error?: unknown };
  if (res.status !== 200 || !body.data)
    throw new Error(`sql failed (${res.status}): ${JSON.stringify(body)}`);
  return body.data;
}

/** The same on the run's shared server. */
export const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []): Promise<T[]> =>
  sqlAt<T>(inject("baseUrl"), query, params);
