import type { UseQueryResult } from "@tanstack/react-query";

export type LoadState<T> = { state: "loading" } | { state: "failed" } | { state: "ready"; data: T };

/**
 * A query as a panel shows it: what it has, else its failure, else that it loads. A retry after a failure
 * shows the loading state again, as the panels always did.
 */
export function loadStateOf<T>(
  query: Pick<UseQueryResult<T>, "data" | "isError" | "isFetching">,
): LoadState<T> {
  if (query.data !== undefined) return { state: "ready", data: query.data };
  if (query.isError && !query.isFetching) return { state: "failed" };
  return { state: "loading" };
}
