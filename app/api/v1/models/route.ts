import { availableModels } from "@/lib/chat/models";
import { contracts } from "@/lib/contracts";
import { route } from "@/lib/server/route";

export const GET = route(contracts.listModels, async ({ ok }) => ok(availableModels()));
