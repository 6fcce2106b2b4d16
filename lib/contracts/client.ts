import type { contracts as all } from "./index";
import { routeTable } from "./route-table";

/**
 * The contracts as the browser uses them: their method and path at run time, their full types at compile
 * time. Importing lib/contracts itself would put zod and every area's schemas into each page's bundle
 * (~40 KB gzipped on the public chat page); the browser never validates with them, it only calls. The
 * table is written "METHOD path", the shortest form to ship; webhooks the browser never calls are left out.
 */
export const contracts = Object.fromEntries(
  Object.entries(routeTable).map(([name, route]) => {
    const space = route.indexOf(" ");
    return [name, { method: route.slice(0, space), path: route.slice(space + 1) }];
  }),
) as unknown as typeof all;

export * from "./contract";
export type { ContractName } from "./index";
export * from "./values";
