import { z } from "zod";
import { revokeOwnSession } from "@/lib/auth/sessions";
import { contracts } from "@/lib/contracts";
import { ApiError } from "@/lib/http/errors";
import { route } from "@/lib/server/route";
import { db } from "@/lib/server/runtime";

/** The id is checked after the caller: a signed-out request is a 401 whatever id it names. */
export const DELETE = route(contracts.endSession, async ({ ok, user, params }) => {
  const id = z.uuid().safeParse(params.id);
  if (!id.success || !(await revokeOwnSession(await db(), user.id, id.data))) throw new ApiError("not_found");
  return ok({ ended: 1 });
});
