import { MAY_IMPORT } from "./rules";

/**
 * biome.json's per-folder noRestrictedImports overrides, written from the map (scripts/arch/rules.ts): for
 * each lib/ room, every other room it may not import. lib/client is left to the hand-written client rule
 * (components/ and lib/client/: no server module, no Node built-in), which is stricter.
 */
type Override = { includes: string[]; linter: unknown };

const HAND_WRITTEN = "components/**";
const isFile = (room: string) => ["lib/config", "lib/logger", "lib/logger-redact"].includes(room);

export function generatedOverrides(): Override[] {
  const rooms = Object.keys(MAY_IMPORT);
  return rooms
    .filter((room) => room !== "lib/client" && !MAY_IMPORT[room]!.includes("*"))
    .map((room) => {
      const allowed = new Set([room, ...MAY_IMPORT[room]!]);
      // Every lib/ module by the alias, but the room's own and those it may import (gitignore-style negation):
      // shorter than listing the forbidden rooms, and a new room is forbidden until the map allows it.
      const group = ["@/lib/**", ...[...allowed].flatMap((r) => [`!@/${r}`, `!@/${r}/**`])];
      const may = MAY_IMPORT[room]!.length ? MAY_IMPORT[room]!.join(", ") : "no other lib/ room";
      return {
        includes: [isFile(room) ? `${room}.ts` : `${room}/**`],
        linter: {
          rules: {
            style: {
              noRestrictedImports: {
                level: "error",
                options: {
                  patterns: [
                    {
                      group,
                      message: `${room} may import ${may} (the map: scripts/arch/rules.ts, docs/architecture.md).`,
                    },
                  ],
                },
              },
            },
          },
        },
      };
    });
}

/** biome.json with its generated overrides replaced by the map's; the hand-written client rule kept first. */
export function withGeneratedOverrides(biome: { overrides?: Override[] }): { overrides: Override[] } {
  const kept = (biome.overrides ?? []).filter((o) => o.includes.includes(HAND_WRITTEN));
  return { ...biome, overrides: [...kept, ...generatedOverrides()] };
}
