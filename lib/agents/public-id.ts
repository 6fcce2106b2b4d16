// Not server-only: the route contracts (lib/contracts/fields.ts), which the browser's API client imports,
// validate public ids with it.

/**
 * Public ids appear in shareable URLs (/{lang}/c/{agentId}/{id}); anything else is a page-validation
 * failure (404 with the path) before any lookup happens.
 */
const PUBLIC_ID = /^[A-Za-z0-9_-]{6,64}$/;

export function isPublicId(value: string): boolean {
  return PUBLIC_ID.test(value);
}
