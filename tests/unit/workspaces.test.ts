import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { users, workspaceMembers } from "@/lib/db/schema";
import type { ApiError } from "@/lib/http/errors";
import { currentWorkspace, memberOf } from "@/lib/workspaces/current";
import { addMember, createOwnWorkspace } from "@/lib/workspaces/queries";
import { type Member, requireGrantable, requireRole } from "@/lib/workspaces/roles";
import { unitDatabase } from "../helpers/unit-db";

const database = unitDatabase();

async function newUser(firstName = "") {
  const [u] = await database()
    .db.insert(users)
    .values({ firstName, email: `${randomUUID()}@example.com`, membershipId: randomUUID() })
    .returning();
  return u!;
}

const m = (role: Member["role"]): Member => ({ userId: "u", workspaceId: "w", role });
const codeOf = (f: () => unknown) => {
  try {
    f();
    return "ok";
  } catch (err) {
    return (err as ApiError).detailKey;
  }
};

describe("workspace roles", () => {
  it("orders owner > admin > editor > support", () => {
    expect(codeOf(() => requireRole(m("owner"), "admin"))).toBe("ok");
    expect(codeOf(() => requireRole(m("admin"), "admin"))).toBe("ok");
    expect(codeOf(() => requireRole(m("editor"), "admin"))).toBe("workspace_role_required");
    expect(codeOf(() => requireRole(m("support"), "editor"))).toBe("workspace_role_required");
    expect(codeOf(() => requireGrantable(m("admin"), "owner"))).toBe("workspace_role_above_own");
    expect(codeOf(() => requireGrantable(m("admin"), "admin"))).toBe("ok");
    expect(codeOf(() => requireGrantable(m("editor"), "support"))).toBe("ok");
  });
});

describe("the current workspace", () => {
  it("follows the browser's choice only while the person is a member, else their first workspace", async () => {
    const db = database().db;
    const [ana, ben] = [await newUser("Ana"), await newUser("Ben")];
    const anaWs = await createOwnWorkspace(db, ana.id);
    const benWs = await createOwnWorkspace(db, ben.id);
    expect(await currentWorkspace(db, ana.id, undefined)).toMatchObject({
      workspaceId: anaWs,
      role: "owner",
      name: "Ana",
    });
    // A foreign or malformed choice is ignored.
    expect((await currentWorkspace(db, ana.id, benWs)).workspaceId).toBe(anaWs);
    expect((await currentWorkspace(db, ana.id, "nonsense")).workspaceId).toBe(anaWs);
    await expect(memberOf(db, ana.id, benWs)).rejects.toMatchObject({ status: 404 });
    await addMember(db, { workspaceId: benWs, userId: ana.id, role: "support" });
    expect(await currentWorkspace(db, ana.id, benWs)).toMatchObject({ workspaceId: benWs, role: "support" });
  });

  it("gives an account from before workspaces one of its own, once, even when asked twice at once", async () => {
    const db = database().db;
    const old = await newUser("");
    const [a, b] = await Promise.all([
      currentWorkspace(db, old.id, undefined),
      currentWorkspace(db, old.id, undefined),
    ]);
    expect(a.workspaceId).toBe(b.workspaceId);
    expect(a.name).toBe(old.email!.split("@")[0]);
    const rows = await db.select().from(workspaceMembers);
    expect(rows.filter((r) => r.userId === old.id)).toHaveLength(1);
  });
});
