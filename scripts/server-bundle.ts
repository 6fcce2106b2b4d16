import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The server and the worker compiled to plain JavaScript (issue 42): `npm start` and `npm run worker` run
 * them with Node alone, one process, no tsx and its loader at run time. esbuild bundles scripts/serve.ts and
 * scripts/worker.ts with what they import from lib/; packages stay in node_modules (PGlite, pg-boss and pg load
 * files relative to their own package). Outside .next, because `next build` empties .next first and start
 * checks the configuration with this bundle before it builds.
 *
 * Run by Node itself (type stripping): node: imports only, esbuild loaded when a build is due.
 */
export const BUNDLE_DIR = "dist/server";
export const ENTRIES = { serve: "scripts/serve.ts", worker: "scripts/worker.ts" } as const;
const META = "inputs.json";
/** Not imported by the entries, yet they decide the output. */
const ALWAYS = ["scripts/server-bundle.ts", "tsconfig.json", "package-lock.json"];

export const bundleFile = (root: string, entry: keyof typeof ENTRIES) =>
  path.join(root, BUNDLE_DIR, `${entry}.mjs`);

/** "none" without a bundle, "stale" when a file it was built from changed (or went) since, else "fresh". */
export function bundleState(root: string): "none" | "stale" | "fresh" {
  const meta = path.join(root, BUNDLE_DIR, META);
  if (!existsSync(meta) || Object.keys(ENTRIES).some((e) => !existsSync(bundleFile(root, e as "serve"))))
    return "none";
  const builtAt = statSync(meta).mtimeMs;
  let inputs: string[];
  try {
    inputs = JSON.parse(readFileSync(meta, "utf8")) as string[];
  } catch {
    return "stale";
  }
  for (const input of [...inputs, ...ALWAYS]) {
    const file = path.join(root, input);
    if (!existsSync(file) || statSync(file).mtimeMs > builtAt) return "stale";
  }
  return "fresh";
}

/** Compiles the entries into BUNDLE_DIR and records what they were made of; about half a second. */
export async function buildBundle(root: string): Promise<void> {
  const esbuild = await import("esbuild");
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir: BUNDLE_DIR,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    // What the two entries share (config, logger, messages) is one chunk, loaded once.
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node24",
    // Every package from node_modules at run time, as tsx ran them: native and wasm files resolve from
    // their own package, and the one copy of a package is shared with what Next's server loads.
    packages: "external",
    // tsconfig.json's "paths" ("@/…", server-only's empty module) are applied as tsx applied them.
    tsconfig: "tsconfig.json",
    // Module names and line numbers in a crash's stack, as under tsx.
    sourcemap: "linked",
    keepNames: true,
    metafile: true,
    logLevel: "warning",
  });
  // esbuild's service process would otherwise stay, idle, below the server for its whole life.
  await esbuild.stop();
  const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith("node_modules/"));
  writeFileSync(path.join(root, BUNDLE_DIR, META), JSON.stringify(inputs));
}

let building: Promise<void> | null = null;
/** Builds when needed; true when it did. Callers at once (servers started together) share one build. */
export async function ensureBundle(root: string): Promise<boolean> {
  if (building) return building.then(() => false);
  if (bundleState(root) === "fresh") return false;
  building = buildBundle(root).finally(() => {
    building = null;
  });
  await building;
  return true;
}

// `node scripts/server-bundle.ts` (the build script's last step): always compiles.
if (import.meta.main) {
  const t = performance.now();
  await buildBundle(process.cwd());
  console.log(
    `   Compiled the server and worker to ${BUNDLE_DIR} in ${Math.round(performance.now() - t)} ms`,
  );
}
