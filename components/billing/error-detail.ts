import { ApiClientError } from "@/lib/client/api";

/** The server's own explanation of a failed billing call, or the caller's fallback when it gave none. */
export const detailOf = (err: unknown, fallback: string) =>
  err instanceof ApiClientError && err.detail ? err.detail : fallback;
