import { writeFileSync } from "node:fs";
import path from "node:path";
import { contracts } from "@/lib/contracts";

/** Called by payment providers and messaging platforms, never by a page: kept out of every page's script. */
export const SERVER_TO_SERVER = /^\/api\/v1\/(?:billing\/webhooks|channels)\//;

/**
 * The live inbox's routes (issue 46) are in a table of their own (lib/client/inbox-routes.ts), read only by
 * the inbox page: the public chat page and the widget, which carry this table, stay within their budget.
 */
export const OWN_TABLE =
  /^\/api\/v1\/(?:agent\/inbox|agent\/conversation\/:id\/|public\/agent\/conversation\/(?:handoff|events)$)/;

/**
 * Writes lib/contracts/route-table.ts: every contract's method and path ("GET /api/v1/agent"), without its
 * schemas, for the browser (lib/contracts/client.ts). tests/unit/contract-route-table.test.ts fails when it is out of step.
 */
export function routeTableSource(): string {
  const rows = Object.entries(contracts)
    .filter(([, c]) => !SERVER_TO_SERVER.test(c.path) && !OWN_TABLE.test(c.path))
    .map(([name, c]) => `  ${name}: ${JSON.stringify(`${c.method} ${c.path}`)},`)
    .join("\n");
  return `// Written by \`npm run contracts:routes\` from lib/contracts; do not edit by hand.\nexport const routeTable = {\n${rows}\n} as const;\n`;
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  writeFileSync(path.resolve("lib/contracts/route-table.ts"), routeTableSource());
  console.log("lib/contracts/route-table.ts written");
}
