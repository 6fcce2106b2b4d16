/**
 * What the callback page does with the query a provider sent the browser back with. Kept free of
 * server imports: the page's client component uses it.
 */
export type CallbackStep =
  | { kind: "post"; body: { code: string; state: string; iss?: string } }
  | { kind: "fail"; reason: "cancelled" | "providerError" | "missing" };

export function callbackStep(query: URLSearchParams): CallbackStep {
  const error = query.get("error");
  // Google, GitHub and Facebook all say access_denied when the person clicks "cancel".
  if (error) return { kind: "fail", reason: error === "access_denied" ? "cancelled" : "providerError" };
  const code = query.get("code");
  const state = query.get("state");
  if (!code || !state) return { kind: "fail", reason: "missing" };
  const iss = query.get("iss");
  return { kind: "post", body: { code, state, ...(iss ? { iss } : {}) } };
}
