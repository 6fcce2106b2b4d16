/**
 * The map of lib/ (docs/architecture.md, "Folders and what they may import"): each room and the other lib/
 * rooms it may import. `npm run arch` fails on any import outside it, and biome.json's per-folder
 * noRestrictedImports rules are written from it (`npm run arch -- --write-biome`), so an editor flags the
 * same imports as they are typed. A room not listed here is a problem too: a new folder joins the map.
 *
 * The order is the layering, from the bottom: a room imports only rooms listed above it.
 */
/** What most domain rooms use: settings, contracts, the database, HTTP's errors, messages and the logger. */
const DOMAIN_BASE = ["lib/config", "lib/contracts", "lib/db", "lib/http", "lib/i18n", "lib/logger"];

export const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  // Leaves: types, constants and process-wide plumbing with no domain.
  "lib/shared": [],
  "lib/i18n": [],
  "lib/ui": [],
  "lib/navigation": [],
  "lib/context": [],
  "lib/metrics": [],
  "lib/logger-redact": [],
  "lib/build": [],
  "lib/config": ["lib/shared"],
  "lib/logger": ["lib/config", "lib/context", "lib/logger-redact"],
  "lib/lifecycle": ["lib/metrics"],
  "lib/contracts": ["lib/shared"],
  "lib/client": ["lib/contracts", "lib/shared", "lib/i18n"],
  "lib/cache": ["lib/logger"],
  "lib/device": ["lib/cache"],
  "lib/version": ["lib/config"],
  "lib/seo": ["lib/config", "lib/i18n"],
  "lib/openapi": ["lib/config", "lib/contracts"],
  "lib/mail": ["lib/config", "lib/i18n"],
  "lib/storage": ["lib/config", "lib/logger"],
  "lib/db": ["lib/config", "lib/logger", "lib/shared"],
  // HTTP knows no domain: callers are registered with its route builder by lib/server.
  "lib/http": [
    "lib/config",
    "lib/context",
    "lib/contracts",
    "lib/i18n",
    "lib/logger",
    "lib/metrics",
    "lib/shared",
  ],
  // Jobs knows no domain: lib/server hands it the queues and their handlers.
  "lib/jobs": ["lib/config", "lib/db", "lib/logger", "lib/metrics"],
  "lib/maintenance": ["lib/db", "lib/jobs", "lib/logger"],
  // Backups of the database and the file store (npm run backup / restore, BACKUP_CRON).
  "lib/backup": ["lib/config", "lib/db", "lib/jobs", "lib/logger", "lib/storage"],
  // The workspaces' audit log (issue 45): recorded by the areas that act, read through lib/workspaces.
  "lib/audit": ["lib/db", "lib/jobs", "lib/logger"],
  "lib/redirects": ["lib/db", "lib/logger"],
  // The icon collections the app serves at /icons/{prefix}.json.
  "lib/icons": ["lib/http", "lib/shared"],
  "lib/retrieval": ["lib/cache", "lib/config", "lib/db", "lib/logger", "lib/metrics", "lib/shared"],
  "lib/agents": ["lib/cache", "lib/contracts", "lib/db", "lib/i18n", "lib/shared"],
  "lib/api-keys": ["lib/agents", "lib/contracts", "lib/db", "lib/http"],
  "lib/billing": [
    "lib/audit",
    "lib/cache",
    "lib/config",
    "lib/db",
    "lib/http",
    "lib/i18n",
    "lib/jobs",
    "lib/logger",
    "lib/mail",
  ],
  // Every limit (rate, allowance, plan, usage) in one place, above what it reads.
  "lib/limits": [
    "lib/billing",
    "lib/config",
    "lib/contracts",
    "lib/db",
    "lib/http",
    "lib/i18n",
    "lib/metrics",
  ],
  // Workspaces, their members, roles and invitations (issue 45); the workspace's plan is read from lib/limits.
  "lib/workspaces": [...DOMAIN_BASE, "lib/audit", "lib/billing", "lib/limits", "lib/mail"],
  "lib/auth": [
    ...DOMAIN_BASE,
    "lib/agents",
    "lib/api-keys",
    "lib/cache",
    "lib/context",
    "lib/limits",
    "lib/mail",
    "lib/shared",
    "lib/workspaces",
  ],
  "lib/routing": ["lib/auth", "lib/shared"],
  "lib/widget": ["lib/agents", "lib/billing", "lib/cache", "lib/db", "lib/i18n", "lib/shared"],
  "lib/ingest": [
    ...DOMAIN_BASE,
    "lib/shared",
    "lib/billing",
    "lib/jobs",
    "lib/lifecycle",
    "lib/limits",
    "lib/metrics",
    "lib/retrieval",
    "lib/storage",
  ],
  // Answers the owner taught (issue 44): kept, counted as documents, and matched to visitors' questions.
  "lib/answers": [
    ...DOMAIN_BASE,
    ...["lib/agents", "lib/billing", "lib/cache", "lib/limits", "lib/retrieval", "lib/shared"],
  ],
  // The live inbox (issue 46): handoff, members' replies and live events; below the chat, whose visitor
  // door (lib/chat/send.ts) asks it whether a person has the conversation.
  "lib/inbox": [
    ...DOMAIN_BASE,
    ...["lib/cache", "lib/limits", "lib/retrieval", "lib/shared", "lib/workspaces"],
  ],
  // The chat engine and its doors (lib/chat/send.ts); HTTP only in its transport.
  "lib/chat": [
    ...DOMAIN_BASE,
    ...["lib/agents", "lib/answers", "lib/auth", "lib/cache", "lib/device", "lib/inbox", "lib/lifecycle"],
    ...["lib/limits", "lib/mail", "lib/metrics", "lib/retrieval", "lib/shared", "lib/widget"],
  ],
  // Messaging platforms (issue 47): deliveries in, asked through the chat's visitor door, replies out.
  "lib/channels": [
    ...DOMAIN_BASE,
    ...["lib/agents", "lib/billing", "lib/chat", "lib/jobs", "lib/limits", "lib/mail", "lib/retrieval"],
    "lib/widget",
  ],
  "lib/history": ["lib/chat", "lib/contracts", "lib/db", "lib/http", "lib/retrieval", "lib/shared"],
  // Deleting personal data (issue 48): an agent's, a visitor's, a workspace's, an account's; retention.
  "lib/erase": [
    ...DOMAIN_BASE,
    ...["lib/agents", "lib/answers", "lib/audit", "lib/auth", "lib/billing", "lib/ingest", "lib/jobs"],
    ...["lib/storage", "lib/widget", "lib/workspaces"],
  ],
  "lib/billing-views": [
    "lib/agents",
    "lib/billing",
    "lib/db",
    "lib/i18n",
    "lib/limits",
    "lib/logger",
    "lib/shared",
  ],
  "lib/graphql": [...DOMAIN_BASE, "lib/auth", "lib/billing", "lib/limits"],
  // Export everything (issue 48): the workspace's data read in pages into one streamed ZIP, mailed as a link.
  "lib/export": [
    ...DOMAIN_BASE,
    "lib/audit",
    "lib/billing-views",
    "lib/jobs",
    "lib/shared",
    "lib/mail",
    "lib/storage",
    "lib/workspaces",
  ],
  // The process: it wires everything together, so it may import any room.
  "lib/server": ["*"],
};

/** Whether `from` may import `to` by the map; rooms outside lib/ are not its business. */
export function mayImport(from: string, to: string): boolean {
  const allowed = MAY_IMPORT[from];
  return allowed !== undefined && (allowed.includes("*") || allowed.includes(to));
}
