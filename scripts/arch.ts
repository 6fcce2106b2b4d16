import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { withGeneratedOverrides } from "./arch/biome-rules";
import { checkMap } from "./arch/check";

/**
 * npm run arch: the import map, checked. Prints each lib/ room's imports, then fails on any circle between
 * files, any circle between lib/ rooms, and any import the map forbids (scripts/arch/rules.ts).
 * `--graph` prints the whole room graph; `--json` prints it as JSON for other tools; `--write-biome` writes
 * the map's rules into biome.json (a unit test fails when they differ).
 */
const root = path.resolve(import.meta.dirname, "..");
const args = new Set(process.argv.slice(2));
const DIRS = ["lib", "app", "components", "widget", "proxy.ts", "instrumentation.ts"];

const { files, libRooms, roomGraph, fileCircles, roomCircles, problems } = checkMap(root, DIRS);

if (args.has("--write-biome")) {
  const file = path.join(root, "biome.json");
  const biome = JSON.parse(readFileSync(file, "utf8"));
  writeFileSync(file, `${JSON.stringify(withGeneratedOverrides(biome), null, 2)}\n`);
  spawnSync(path.join(root, "node_modules/.bin/biome"), ["format", "--write", file], { stdio: "ignore" });
  console.log("biome.json: the map's noRestrictedImports rules written");
}

if (args.has("--json")) {
  console.log(JSON.stringify({ rooms: roomGraph, problems }, null, 2));
} else {
  if (args.has("--graph")) {
    for (const r of libRooms) {
      const to = roomGraph[r]!;
      console.log(`${r.padEnd(20)} → ${to.join(", ") || "(nothing in lib/)"}`);
    }
    console.log("");
  }
  console.log(
    `${files} files, ${libRooms.length} lib/ rooms; ${fileCircles} file circles, ${roomCircles} room circles`,
  );
  for (const p of problems) console.log(`✗ ${p}`);
}
process.exit(problems.length ? 1 : 0);
