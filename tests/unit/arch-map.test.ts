import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generatedOverrides, withGeneratedOverrides } from "../../scripts/arch/biome-rules";
import { checkMap } from "../../scripts/arch/check";
import { MAY_IMPORT } from "../../scripts/arch/rules";

/**
 * The map of lib/ (scripts/arch/rules.ts) is enforced twice: `npm run arch` (in npm test) fails on a
 * forbidden import or a circle, and biome.json carries the same rules per folder so an editor flags them.
 * Each is shown to fail on a project made for it.
 */
const root = path.resolve(import.meta.dirname, "../..");
const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "agentcity-arch-"));
  temps.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

const fileRoom = (room: string) => ["lib/config", "lib/logger", "lib/logger-redact"].includes(room);
/** A file of the room: the room itself for a one-file room. */
const fileOf = (room: string) => (fileRoom(room) ? `${room}.ts` : `${room}/probe.ts`);
const rooms = Object.keys(MAY_IMPORT);
const ruled = rooms.filter((r) => r !== "lib/client" && !MAY_IMPORT[r]!.includes("*"));
const forbiddenFor = (room: string) => rooms.find((r) => r !== room && !MAY_IMPORT[room]!.includes(r))!;

describe("npm run arch", () => {
  it("passes a tree that keeps the map, and names each forbidden import and circle", () => {
    const kept = project({
      "lib/db/client.ts": "export const db = 1;\n",
      "lib/jobs/boss.ts": 'import { db } from "@/lib/db/client";\nexport const boss = db;\n',
    });
    expect(checkMap(kept, ["lib"]).problems).toEqual([]);

    const broken = project({
      "lib/billing/jobs.ts": 'import { boss } from "@/lib/jobs/boss";\nexport const renew = boss;\n',
      "lib/jobs/boss.ts": 'import { renew } from "@/lib/billing/jobs";\nexport const boss = renew;\n',
      "lib/newroom/a.ts": "export const a = 1;\n",
    });
    const { problems } = checkMap(broken, ["lib"]);
    expect(problems).toContainEqual(expect.stringMatching(/^circle between 2 files: lib\/billing\/jobs.ts/));
    expect(problems).toContainEqual(expect.stringMatching(/^circle between 2 lib\/ rooms/));
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^forbidden import: lib\/jobs\/boss.ts → lib\/billing\/jobs.ts; lib\/jobs may import/,
      ),
    );
    expect(problems).toContain("lib/newroom is not on the map: add it to scripts/arch/rules.ts");
  });

  it("every room of the map is a real folder or file of lib/, and every import it allows is a room", () => {
    for (const [room, allowed] of Object.entries(MAY_IMPORT)) {
      expect(existsSync(path.join(root, fileRoom(room) ? `${room}.ts` : room)), room).toBe(true);
      for (const to of allowed) if (to !== "*") expect(rooms, `${room} → ${to}`).toContain(to);
    }
  });
});

describe("biome.json's per-folder import rules (npm run lint)", () => {
  it("are the map's (npm run arch -- --write-biome writes them)", () => {
    const biome = JSON.parse(readFileSync(path.join(root, "biome.json"), "utf8"));
    expect(biome.overrides).toEqual(withGeneratedOverrides(biome).overrides);
    expect(biome.overrides.length).toBe(1 + generatedOverrides().length);
  });

  it("flag, in every ruled folder, an import of a room it may not use, and not one it may", () => {
    const MARK = "// forbidden";
    const files: Record<string, string> = {};
    for (const room of ruled) {
      const allowed = MAY_IMPORT[room]![0];
      files[fileOf(room)] = [
        `import { x } from "@/${forbiddenFor(room)}/thing"; ${MARK}`,
        ...(allowed ? [`import { y } from "@/${allowed}/thing";`] : []),
        `export const z = [x${allowed ? ", y" : ""}];`,
        "",
      ].join("\n");
    }
    const dir = project(files);
    const biome = JSON.parse(readFileSync(path.join(root, "biome.json"), "utf8"));
    biome.vcs = { enabled: false };
    delete biome.$schema;
    writeFileSync(path.join(dir, "biome.json"), JSON.stringify(biome));
    const res = spawnSync(
      path.join(root, "node_modules/.bin/biome"),
      ["lint", "--max-diagnostics=none", "--only=style/noRestrictedImports", "."],
      { cwd: dir, encoding: "utf8" },
    );
    const output = `${res.stdout}${res.stderr}`;
    const flagged = [...output.matchAll(/([\w/.-]+\.ts):(\d+):\d+ lint\/style\/noRestrictedImports/g)].map(
      (m) => `${m[1]}:${m[2]}`,
    );
    expect(res.status).not.toBe(0);
    expect(flagged.sort()).toEqual(ruled.map((room) => `${fileOf(room)}:1`).sort());
  });
});
