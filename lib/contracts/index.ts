import { agentContracts } from "./agent";
import { answerContracts } from "./answers";
import { apiKeyContracts } from "./api-keys";
import { authContracts } from "./auth";
import { billingContracts } from "./billing";
import { channelContracts } from "./channels";
import { chatContracts } from "./chat";
import type { RouteContract } from "./contract";
import { eraseContracts } from "./erase";
import { exportContracts } from "./exports";
import { historyContracts } from "./history";
import { inboxContracts } from "./inbox";
import { modelContracts } from "./models";
import { siteContracts } from "./site";
import { trainingContracts } from "./training";
import { userContracts } from "./user";
import { widgetContracts } from "./widget";
import { workspaceContracts } from "./workspaces";

/**
 * Every route's contract by name: route files take theirs from here (`route(contracts.getAgent, …)`) and
 * so does the browser (`api.call(contracts.getAgent)`); tests/unit/contracts-coverage.test.ts checks that
 * each route file has exactly one and each contract a route.
 */
export const contracts = {
  ...agentContracts,
  ...modelContracts,
  ...trainingContracts,
  ...answerContracts,
  ...chatContracts,
  ...historyContracts,
  ...authContracts,
  ...userContracts,
  ...siteContracts,
  ...billingContracts,
  ...widgetContracts,
  ...apiKeyContracts,
  ...workspaceContracts,
  ...exportContracts,
  ...channelContracts,
  ...eraseContracts,
  ...inboxContracts,
} satisfies Record<string, RouteContract>;

export type ContractName = keyof typeof contracts;

export * from "./contract";
