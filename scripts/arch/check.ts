import { circles, readGraph, shortestCycle } from "./graph";
import { isLibRoom, roomOf } from "./rooms";
import { MAY_IMPORT, mayImport } from "./rules";

export type MapCheck = {
  files: number;
  libRooms: string[];
  /** lib/ room → the lib/ rooms it imports, sorted */
  roomGraph: Record<string, string[]>;
  fileCircles: number;
  roomCircles: number;
  problems: string[];
};

/** The import graph of `dirs` under `root`, checked against the map: circles and forbidden imports. */
export function checkMap(root: string, dirs: string[]): MapCheck {
  const graph = readGraph(root, dirs);
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

  for (const room of libRooms) {
    if (!(room in MAY_IMPORT)) problems.push(`${room} is not on the map: add it to scripts/arch/rules.ts`);
  }
  for (const room of libRooms) {
    for (const [to, via] of roomEdges.get(room) ?? []) {
      if (!isLibRoom(to) || !(room in MAY_IMPORT) || mayImport(room, to)) continue;
      const may = MAY_IMPORT[room]!.join(", ") || "no other lib/ room";
      problems.push(
        `forbidden import: ${via[0]}${via.length > 1 ? ` (and ${via.length - 1} more)` : ""}; ${room} may import ${may}`,
      );
    }
  }
  const roomGraph = Object.fromEntries(
    libRooms.map((r) => [r, [...(roomEdges.get(r)?.keys() ?? [])].filter(isLibRoom).sort()]),
  );
  return {
    files: graph.files.length,
    libRooms,
    roomGraph,
    fileCircles: fileCircles.length,
    roomCircles: roomCircles.length,
    problems,
  };
}
