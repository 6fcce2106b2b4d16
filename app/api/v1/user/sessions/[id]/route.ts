import { z } from "zod";
import { requireUser } from "@/lib/auth/request";
import { revokeOwnSession } from "@/lib/auth/sessions";
import { ApiError } from "@/lib/http/errors";
import { handle, ok } from "@/lib/http/respond";
import { db } from "@/lib/server/runtime";

/** Ends one of the user's sessions (e.g. a lost phone). Another user's session id is a 404. */
export const DELETE = handle(async (req, { params }: { params: Promise<{ id: string }> }) => {
  const { user } = await requireUser(req);
  const id = z.uuid().safeParse((await params).id);
  if (!id.success || !(await revokeOwnSession(await db(), user.id, id.data))) throw new ApiError("not_found");
  return ok({ ended: 1 });
});
