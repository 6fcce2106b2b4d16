import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { buildSync } from "esbuild";

/**
 * Compiles widget/loader.ts into lib/widget/loader-bundle.ts (the minified script as a string and its
 * hash), which GET /embed.js serves. Deterministic, so tests/unit/widget-loader.test.ts fails when the
 * committed bundle is out of step with the source.
 */
export function loaderBundleSource(): string {
  const out = buildSync({
    entryPoints: [path.resolve("widget/loader.ts")],
    bundle: true,
    minify: true,
    format: "iife",
    target: ["es2019"],
    write: false,
    legalComments: "none",
  });
  const js = out.outputFiles[0]!.text.trim();
  const hash = createHash("sha256").update(js).digest("hex").slice(0, 12);
  return `// Written by \`npm run widget:build\` from widget/loader.ts; do not edit by hand.\nexport const LOADER_HASH = ${JSON.stringify(hash)};\nexport const LOADER_JS = ${JSON.stringify(js)};\n`;
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  writeFileSync(path.resolve("lib/widget/loader-bundle.ts"), loaderBundleSource());
  console.log("lib/widget/loader-bundle.ts written");
}
