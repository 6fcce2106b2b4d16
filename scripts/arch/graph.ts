import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * The project's import graph, read the way the bundler resolves it: every static, dynamic and type-only
 * import and re-export of a .ts/.tsx file, with `@/` meaning the project root. Packages and Node built-ins
 * are left out; only edges between the project's own files are kept.
 */
export type ImportGraph = {
  /** project-relative paths with forward slashes */
  files: string[];
  /** file → the project files it imports */
  edges: Map<string, Set<string>>;
};

const SOURCE = /\.(ts|tsx)$/;
const SKIP_DIRS = new Set(["node_modules", ".next", "data", ".git", "coverage"]);

export function listSources(root: string, dirs: string[]): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    const abs = path.join(root, rel);
    if (!existsSync(abs)) return;
    if (statSync(abs).isFile()) {
      if (SOURCE.test(rel) && !rel.endsWith(".d.ts")) out.push(rel);
      return;
    }
    for (const name of readdirSync(abs).sort()) {
      if (SKIP_DIRS.has(name)) continue;
      walk(rel ? `${rel}/${name}` : name);
    }
  };
  for (const d of dirs) walk(d);
  return out;
}

const CANDIDATES = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

/** The project file a specifier names, or null for a package, a built-in or an asset. */
export function resolveSpecifier(root: string, from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith("./") || spec.startsWith("../"))
    base = path.posix.join(path.posix.dirname(from), spec);
  else return null;
  for (const ext of CANDIDATES) {
    const rel = base + ext;
    const abs = path.join(root, rel);
    if (SOURCE.test(rel) && existsSync(abs) && statSync(abs).isFile()) return rel;
  }
  return null;
}

export function importsOf(text: string): string[] {
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles.map((f) => f.fileName);
}

export function readGraph(root: string, dirs: string[]): ImportGraph {
  const files = listSources(root, dirs);
  const edges = new Map<string, Set<string>>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const spec of importsOf(readFileSync(path.join(root, file), "utf8"))) {
      const target = resolveSpecifier(root, file, spec);
      if (target && target !== file) targets.add(target);
    }
    edges.set(file, targets);
  }
  return { files, edges };
}

/** Strongly connected components of more than one node (Tarjan), each sorted, largest first. */
export function circles<T>(nodes: Iterable<T>, next: (n: T) => Iterable<T>): T[][] {
  let index = 0;
  const idx = new Map<T, number>();
  const low = new Map<T, number>();
  const onStack = new Set<T>();
  const stack: T[] = [];
  const out: T[][] = [];
  // Iterative, so a long chain of imports cannot overflow the call stack.
  for (const start of nodes) {
    if (idx.has(start)) continue;
    const work: { node: T; it: Iterator<T> }[] = [];
    const open = (n: T) => {
      idx.set(n, index);
      low.set(n, index);
      index++;
      stack.push(n);
      onStack.add(n);
      work.push({ node: n, it: next(n)[Symbol.iterator]() });
    };
    open(start);
    while (work.length) {
      const top = work[work.length - 1]!;
      const step = top.it.next();
      if (!step.done) {
        const w = step.value;
        if (!idx.has(w)) open(w);
        else if (onStack.has(w)) low.set(top.node, Math.min(low.get(top.node)!, idx.get(w)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(top.node)!));
      if (low.get(top.node) === idx.get(top.node)) {
        const scc: T[] = [];
        let w: T;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          scc.push(w);
        } while (w !== top.node);
        if (scc.length > 1) out.push(scc.sort());
      }
    }
  }
  return out.sort((a, b) => b.length - a.length);
}

/** One shortest path from `from` back to itself inside a set of nodes: what to show a reader of a circle. */
export function shortestCycle<T>(from: T, next: (n: T) => Iterable<T>, within: Set<T>): T[] {
  const prev = new Map<T, T>();
  const queue: T[] = [from];
  const seen = new Set<T>([from]);
  while (queue.length) {
    const n = queue.shift()!;
    for (const w of next(n)) {
      if (!within.has(w)) continue;
      if (w === from) {
        const pathBack: T[] = [n];
        let p = n;
        while (p !== from) {
          p = prev.get(p)!;
          pathBack.push(p);
        }
        return [...pathBack.reverse(), from];
      }
      if (seen.has(w)) continue;
      seen.add(w);
      prev.set(w, n);
      queue.push(w);
    }
  }
  return [];
}
