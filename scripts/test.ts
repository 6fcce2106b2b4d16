import { spawnSync } from "node:child_process";
import path from "node:path";

/**
 * npm test: every check, in the order a failure is cheapest to find. Stops at the first failure.
 * With TEST_DATABASE_URL set, the server tests run twice: on that Postgres and on embedded PGlite.
 */
const bin = (name: string) => path.resolve("node_modules/.bin", name);
const withoutDb = { ...process.env };
delete withoutDb.TEST_DATABASE_URL;

type Step = { name: string; cmd: string; args: string[]; env?: NodeJS.ProcessEnv };
const steps: Step[] = [
  { name: "lint", cmd: bin("biome"), args: ["check", "."] },
  { name: "typecheck", cmd: bin("tsc"), args: ["--noEmit"] },
  { name: "unit", cmd: bin("vitest"), args: ["run", "--project", "unit"] },
  { name: "build", cmd: bin("next"), args: ["build"] },
];
if (process.env.TEST_DATABASE_URL) {
  steps.push({
    name: "integration (Postgres)",
    cmd: bin("vitest"),
    args: ["run", "--project", "integration"],
  });
}
steps.push({
  name: "integration (PGlite)",
  cmd: bin("vitest"),
  args: ["run", "--project", "integration"],
  env: withoutDb,
});

const summary: string[] = [];
const started = performance.now();
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const t = performance.now();
  const res = spawnSync(step.cmd, step.args, { stdio: "inherit", env: step.env ?? process.env });
  const secs = ((performance.now() - t) / 1000).toFixed(1);
  summary.push(`${res.status === 0 ? "✓" : "✗"} ${step.name} ${secs} s`);
  if (res.status !== 0) {
    console.log(`\n${summary.join("\n")}`);
    process.exit(res.status ?? 1);
  }
}
console.log(
  `\n${summary.join("\n")}\nall checks passed in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
