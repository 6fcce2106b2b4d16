import "server-only";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { ensureOwnWorkspace, type MembershipRow, membershipIn, membershipsOf } from "./queries";
import type { Member } from "./roles";

/** A workspace id as the browser stores it: a uuid; anything else is no choice at all. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);
const isWorkspaceId = isUuid;

export type CurrentWorkspace = Member & { name: string };

const toCurrent = (userId: string, row: MembershipRow): CurrentWorkspace => ({
  userId,
  workspaceId: row.workspaceId,
  role: row.role,
  name: row.name,
});

/**
 * The workspace a signed-in person acts in: the browser's choice (`chosen`, from its cookie) when they are
 * still a member of it, checked on every request so a removed member loses it at once; else their first
 * workspace. Someone with none yet (an account from before workspaces, without an agent) gets their own.
 */
export async function currentWorkspace(
  db: Db,
  userId: string,
  chosen: string | undefined,
): Promise<CurrentWorkspace> {
  if (isWorkspaceId(chosen)) {
    const row = await membershipIn(db, userId, chosen);
    if (row) return toCurrent(userId, row);
  }
  let [first] = await membershipsOf(db, userId);
  if (!first) {
    await ensureOwnWorkspace(db, userId);
    [first] = await membershipsOf(db, userId);
  }
  if (!first) throw new Error("no workspace after making one");
  return toCurrent(userId, first);
}

/** The person's membership of a workspace they name; a foreign or unknown id is a 404, as any foreign id. */
export async function memberOf(db: Db, userId: string, workspaceId: string): Promise<CurrentWorkspace> {
  const row = isWorkspaceId(workspaceId) ? await membershipIn(db, userId, workspaceId) : null;
  if (!row) throw new ApiError("not_found", "workspace_not_found");
  return toCurrent(userId, row);
}

export async function workspacesOf(db: Db, userId: string) {
  return (await membershipsOf(db, userId)).map((r) => ({ id: r.workspaceId, name: r.name, role: r.role }));
}

/** Whether a person belongs to a workspace (any role). */
export async function isMemberOf(db: Db, userId: string, workspaceId: string): Promise<boolean> {
  return (await membershipIn(db, userId, workspaceId)) !== null;
}
