"use client";

import { QueryClient, QueryClientContext, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useContext, useState } from "react";

/**
 * What the panels relied on before the cache: a failed load shows its error at once (the panel offers
 * "Try again"), and nothing reloads because the window regained focus.
 */
function newClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * The owner pages' query cache. Only the signed-in area mounts it (and the profile dialog, a chunk of its
 * own): the public chat and the marketing pages do not carry the library. Inside the area it reuses the
 * area's client, so the dialog and the pages share one cache.
 */
export function OwnerQueries({ children }: { children: ReactNode }) {
  const existing = useContext(QueryClientContext);
  const [client] = useState(() => existing ?? newClient());
  if (existing) return children;
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
