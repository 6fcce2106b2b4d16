import type { contracts as all } from "./index";
import { routeTable } from "./route-table";

/**
 * The contracts as the browser uses them: their method and path at run time, their full types at compile
 * time. Importing lib/contracts itself would put zod and every area's schemas into each page's bundle
 * (~40 KB gzipped on the public chat page); the browser never validates with them, it only calls.
 */
export const contracts = routeTable as unknown as typeof all;

export * from "./contract";
export type { ContractName } from "./index";
export * from "./values";
