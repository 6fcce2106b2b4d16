"use client";

import { useCallback, useEffect, useState } from "react";
import { ApiClientError, api } from "@/lib/client/api";
import type { OwnerAgent } from "@/lib/shared/agent-views";

export type OwnerAgentState =
  | { state: "loading" }
  | { state: "failed" }
  | { state: "ready"; agent: OwnerAgent | null };

/**
 * The signed-in owner's agent for a client panel. `initial` is what the server already read; undefined when
 * it could not (a page rendered with only a renewal token), and the browser loads it after renewing. A 404
 * means "no agent yet" (null), not a failure.
 */
export function useOwnerAgent(initial: OwnerAgent | null | undefined) {
  const [loaded, setLoaded] = useState<OwnerAgentState>(
    initial === undefined ? { state: "loading" } : { state: "ready", agent: initial },
  );

  const load = useCallback((signal?: AbortSignal) => {
    setLoaded({ state: "loading" });
    api
      .get<OwnerAgent>("/api/v1/agent", { signal })
      .then((agent) => setLoaded({ state: "ready", agent }))
      .catch((err) => {
        if (signal?.aborted) return;
        if (err instanceof ApiClientError && err.status === 404) setLoaded({ state: "ready", agent: null });
        else setLoaded({ state: "failed" });
      });
  }, []);

  useEffect(() => {
    if (initial !== undefined) return;
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [initial, load]);

  return { loaded, setLoaded, load };
}
