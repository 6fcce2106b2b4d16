/**
 * Query keys of the owner panels: the API path and its query parameters, nothing else. The request a query
 * sends is built from its key (`urlOf`), so the cache entry and the call can never disagree, and the paths
 * can later be taken from the route contracts without touching a panel.
 */

export type ApiParams = Record<string, string | number | null | undefined>;
export type ApiKey = readonly [path: string, params?: Readonly<Record<string, string | number>>];

/** The key of a GET: its path, and its parameters without the empty ones. */
export function apiKey(path: string, params?: ApiParams): ApiKey {
  if (!params) return [path];
  const set = Object.entries(params).filter(
    (e): e is [string, string | number] => e[1] != null && e[1] !== "",
  );
  return set.length ? [path, Object.fromEntries(set)] : [path];
}

/** The URL a key stands for. */
export function urlOf(key: ApiKey, extra?: ApiParams): string {
  const [path, params] = key;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...params, ...extra })) {
    if (value != null && value !== "") query.set(name, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** The owner API's paths the panels read and write. */
export const paths = {
  agent: "/api/v1/agent",
  models: "/api/v1/models",
  documents: "/api/v1/agent/documents",
  document: "/api/v1/agent/document",
  documentOf: (id: string) => `/api/v1/agent/document/${id}`,
  documentPages: (id: string) => `/api/v1/agent/document/${id}/pages`,
  documentRetry: (id: string) => `/api/v1/agent/document/${id}/retry`,
  conversations: "/api/v1/agent/conversations",
  conversationDays: "/api/v1/agent/conversations/days",
  conversationExport: "/api/v1/agent/conversations/export",
  conversationMessages: "/api/v1/agent/conversation/messages",
  insights: "/api/v1/agent/insights",
  sessions: "/api/v1/user/sessions",
  sessionOf: (id: string) => `/api/v1/user/sessions/${id}`,
} as const;
