import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * npm test: every check, in the order a failure is cheapest to find. Stops at the first failure.
 * With TEST_DATABASE_URL set, the server tests run twice: on that Postgres and on embedded PGlite.
 */
const bin = (name: string) => path.resolve("node_modules/.bin", name);
const withoutDb = { ...process.env };
delete withoutDb.TEST_DATABASE_URL;

type Step = { name: string; cmd: string; args: string[]; env?: NodeJS.ProcessEnv; report?: string };
const reports = mkdtempSync(path.join(tmpdir(), "agentcity-test-report-"));
const vitest = (name: string, project: string, env?: NodeJS.ProcessEnv): Step => {
  const report = path.join(reports, `${name.replace(/\W+/g, "-")}.json`);
  const args = [
    "run",
    "--project",
    project,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
  ];
  return { name, cmd: bin("vitest"), args, env, report };
};
const steps: Step[] = [
  { name: "lint", cmd: bin("biome"), args: ["check", "."] },
  { name: "typecheck", cmd: bin("tsc"), args: ["--noEmit"] },
  vitest("unit", "unit"),
  { name: "build", cmd: bin("next"), args: ["build"] },
];
if (process.env.TEST_DATABASE_URL) steps.push(vitest("integration (Postgres)", "integration"));
steps.push(vitest("integration (PGlite)", "integration", withoutDb));

const summary: string[] = [];
let passed = 0;
let failed = 0;
const count = (step: Step) => {
  if (!step.report || !existsSync(step.report)) return;
  const r = JSON.parse(readFileSync(step.report, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
  };
  passed += r.numPassedTests;
  failed += r.numFailedTests;
};
// The closing line CI reads: every test of every step, counted by the runner itself.
const closing = () => `tests: ${passed} passed, ${failed} failed`;
const started = performance.now();
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const t = performance.now();
  const res = spawnSync(step.cmd, step.args, { stdio: "inherit", env: step.env ?? process.env });
  const secs = ((performance.now() - t) / 1000).toFixed(1);
  count(step);
  const line = `${res.status === 0 ? "✓" : "✗"} ${step.name} ${secs} s`;
  summary.push(line);
  console.log(line);
  if (res.status !== 0) {
    if (res.error) console.log(`could not run ${step.cmd}: ${res.error.message}`);
    else if (res.signal) console.log(`${step.name} was stopped by ${res.signal}`);
    console.log(`\n${summary.join("\n")}\n${closing()}`);
    rmSync(reports, { recursive: true, force: true });
    process.exit(res.status || 1);
  }
}
rmSync(reports, { recursive: true, force: true });
console.log(
  `\n${summary.join("\n")}\nall checks passed in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
console.log(closing());
