import { availableModels } from "@/lib/chat/models";
import { contracts } from "@/lib/contracts";
import { route } from "@/lib/http/route";

export const GET = route(contracts.listModels, async ({ ok }) => ok(availableModels()));
