import "server-only";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { currentWorkspace } from "@/lib/workspaces/current";
import { firstOwner } from "@/lib/workspaces/queries";
import { atLeast } from "@/lib/workspaces/roles";
import { readCookie } from "./cookies";

/**
 * Whose billing a signed-in person manages: their current workspace's owner (the plan, allowance and
 * invoices of every agent there are that owner's account), for the owner and admins. Editors and support
 * get a translated 403.
 */
export async function billingAccountOf(db: Db, req: Request, userId: string): Promise<string> {
  const member = await currentWorkspace(db, userId, readCookie(req, "ac_ws"));
  if (!atLeast(member.role, "admin")) throw new ApiError("forbidden", "workspace_billing_forbidden");
  const owner = await firstOwner(db, member.workspaceId);
  if (!owner) throw new ApiError("forbidden", "workspace_billing_forbidden");
  return owner;
}
