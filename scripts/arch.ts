import path from "node:path";
import { circles, readGraph, shortestCycle } from "./arch/graph";
import { isLibRoom, roomOf } from "./arch/rooms";

/**
 * npm run arch: the import map, checked. Prints each lib/ room's imports, then fails on any circle between
 * files, any circle between lib/ rooms, and any import the map forbids (scripts/arch/rules.ts).
 * `--graph` prints the whole room graph; `--json` prints it as JSON for other tools.
 */
const root = path.resolve(import.meta.dirname, "..");
const args = new Set(process.argv.slice(2));
const DIRS = ["lib", "app", "components", "widget", "proxy.ts", "instrumentation.ts"];

const graph = readGraph(root, DIRS);
const next = (f: string) => graph.edges.get(f) ?? [];

const roomEdges = new Map<string, Map<string, string[]>>();
for (const [from, targets] of graph.edges) {
  const a = roomOf(from);
  for (const to of targets) {
    const b = roomOf(to);
    if (a === b) continue;
    const m = roomEdges.get(a) ?? new Map<string, string[]>();
    m.set(b, [...(m.get(b) ?? []), `${from} → ${to}`]);
    roomEdges.set(a, m);
  }
}
const libRooms = [...new Set(graph.files.map(roomOf))].filter(isLibRoom).sort();

const problems: string[] = [];
const fileCircles = circles(graph.files, next);
for (const c of fileCircles) {
  const members = new Set(c);
  problems.push(`circle between ${c.length} files: ${shortestCycle(c[0]!, next, members).join(" → ")}`);
}
const roomNext = (r: string) => [...(roomEdges.get(r)?.keys() ?? [])].filter(isLibRoom);
const roomCircles = circles(libRooms, roomNext);
for (const c of roomCircles) {
  const members = new Set(c);
  const loop = shortestCycle(c[0]!, roomNext, members);
  const why = loop
    .slice(0, -1)
    .map((r, i) => `    ${roomEdges.get(r)!.get(loop[i + 1]!)![0]}`)
    .join("\n");
  problems.push(`circle between ${c.length} lib/ rooms (${c.join(", ")}):\n  ${loop.join(" → ")}\n${why}`);
}

if (args.has("--json")) {
  const out = Object.fromEntries(
    libRooms.map((r) => [r, [...(roomEdges.get(r)?.keys() ?? [])].filter(isLibRoom).sort()]),
  );
  console.log(JSON.stringify({ rooms: out, problems }, null, 2));
} else {
  if (args.has("--graph")) {
    for (const r of libRooms) {
      const to = [...(roomEdges.get(r)?.keys() ?? [])].filter(isLibRoom).sort();
      console.log(`${r.padEnd(20)} → ${to.join(", ") || "(nothing in lib/)"}`);
    }
    console.log("");
  }
  console.log(
    `${graph.files.length} files, ${libRooms.length} lib/ rooms; ${fileCircles.length} file circles, ${roomCircles.length} room circles`,
  );
  for (const p of problems) console.log(`✗ ${p}`);
}
process.exit(problems.length ? 1 : 0);
