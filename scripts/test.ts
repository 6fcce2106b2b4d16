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
const vitest = (name: string, projects: string[], env?: NodeJS.ProcessEnv): Step => {
  const report = path.join(reports, `${name.replace(/\W+/g, "-")}.json`);
  const args = [
    "run",
    ...projects.flatMap((project) => ["--project", project]),
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
  ];
  return { name, cmd: bin("vitest"), args, env, report };
};
// CI must test both databases: a missing or unreachable Postgres fails here, not by leaving half the suite out.
if (process.env.CI === "true" && !process.env.TEST_DATABASE_URL) {
  console.log("✗ CI=true but TEST_DATABASE_URL is not set: the Postgres half of the suite would not run.");
  process.exit(1);
}
if (process.env.TEST_DATABASE_URL) {
  const probe = spawnSync(
    process.execPath,
    [
      "-e",
      "const pg=require('pg');const c=new pg.Client({connectionString:process.argv[1]});c.connect().then(()=>c.end()).catch(e=>{console.error(e.message);process.exit(1)})",
      process.env.TEST_DATABASE_URL,
    ],
    { encoding: "utf8" },
  );
  if (probe.status !== 0) {
    console.log(`✗ TEST_DATABASE_URL is set but Postgres cannot be reached: ${probe.stderr.trim()}`);
    process.exit(1);
  }
}
console.log(
  `databases: PGlite${process.env.TEST_DATABASE_URL ? " and Postgres (TEST_DATABASE_URL)" : " only (TEST_DATABASE_URL unset: the Postgres run of the server tests is left out)"}`,
);

const steps: Step[] = [
  { name: "lint", cmd: bin("biome"), args: ["check", "."] },
  { name: "typecheck", cmd: bin("tsc"), args: ["--noEmit"] },
  { name: "import map (npm run arch)", cmd: bin("tsx"), args: ["scripts/arch.ts"] },
  vitest("unit", ["unit", "unit-isolated"]),
  { name: "build", cmd: bin("next"), args: ["build"] },
];
if (process.env.TEST_DATABASE_URL) steps.push(vitest("integration (Postgres)", ["integration"]));
steps.push(vitest("integration (PGlite)", ["integration"], withoutDb));

const summary: string[] = [];
let passed = 0;
let failed = 0;
let skipped = 0;
type Report = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    assertionResults: { fullName: string; status: string }[];
  }[];
};
/** The slowest files of a step: where the suite's time goes, to keep CI under its budget. */
const SLOWEST = 8;
/** Adds a step's counts, and says what it did not run (a test skipped names its reason in its title). */
const count = (step: Step): string => {
  if (!step.report || !existsSync(step.report)) return "";
  const r = JSON.parse(readFileSync(step.report, "utf8")) as Report;
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  const notRun = r.numPendingTests + r.numTodoTests;
  skipped += notRun;
  const files = r.testResults.length;
  let line = `  ${files} files: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${notRun} not run`;
  for (const file of r.testResults)
    for (const t of file.assertionResults)
      if (t.status === "pending" || t.status === "skipped" || t.status === "todo")
        line += `\n    not run: ${path.relative(process.cwd(), file.name)} › ${t.fullName}`;
  const slowest = [...r.testResults].sort((a, b) => b.endTime - b.startTime - (a.endTime - a.startTime));
  line += `\n  slowest: ${slowest
    .slice(0, SLOWEST)
    .map((f) => `${path.relative(process.cwd(), f.name)} ${((f.endTime - f.startTime) / 1000).toFixed(0)} s`)
    .join(", ")}`;
  return line;
};
// The closing line CI reads: every test of every step, counted by the runner itself.
const closing = () => `tests: ${passed} passed, ${failed} failed, ${skipped} skipped`;
const started = performance.now();
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const t = performance.now();
  const res = spawnSync(step.cmd, step.args, { stdio: "inherit", env: step.env ?? process.env });
  const secs = ((performance.now() - t) / 1000).toFixed(1);
  const counted = count(step);
  const line = `${res.status === 0 ? "✓" : "✗"} ${step.name} ${secs} s`;
  summary.push(counted ? `${line}\n${counted}` : line);
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
