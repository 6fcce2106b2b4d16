import "server-only";
import { readCookie, setCookie } from "@/lib/auth/cookies";
import type { User } from "@/lib/auth/sessions";
import type { Db } from "@/lib/db/client";
import { clientIp } from "@/lib/http/client-ip";
import { type CurrentWorkspace, currentWorkspace } from "@/lib/workspaces/current";

/**
 * The workspace a signed-in request acts in: the browser's `ac_ws` choice if still a member, else the first;
 * with the request's client address, for the audit log.
 */
export async function workspaceOfRequest(
  db: Db,
  req: Request,
  user: Pick<User, "id">,
): Promise<CurrentWorkspace> {
  return { ...(await currentWorkspace(db, user.id, readCookie(req, "ac_ws"))), ip: clientIp(req) };
}

/** Who acts in a request, for lib/audit: the signed-in person and the client's address. */
export const auditActorOf = (req: Request, user: Pick<User, "id">) => ({
  actorId: user.id,
  ip: clientIp(req),
});

/** The cookie that remembers a browser's workspace (HttpOnly, SameSite=Lax, Secure over https). */
export const rememberWorkspace = (workspaceId: string) => ({ "set-cookie": setCookie("ac_ws", workspaceId) });

export const workspaceView = (w: CurrentWorkspace) => ({ id: w.workspaceId, name: w.name, role: w.role });

/** How an inviter is named in the invitation: their name, else their address. */
export function displayNameOf(user: Pick<User, "firstName" | "lastName" | "email">): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email || "";
}
