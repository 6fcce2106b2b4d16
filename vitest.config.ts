import { globSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Tests run server modules outside Next, which is what swaps `server-only` for its empty module (the
// package's own file throws anywhere but under the react-server condition). tsx gets the same through
// tsconfig.json "paths".
const alias = [
  {
    find: /^server-only$/,
    replacement: path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
  },
  { find: "@", replacement: path.resolve(import.meta.dirname) },
];

const UNIT = ["tests/unit/**/*.test.{ts,tsx}", "lib/**/*.test.ts"];
// Most unit files share one module graph per worker (loading the modules was ~75 % of the step's time); a
// file that mocks modules or changes the environment gets a fresh graph of its own, so it cannot leak into
// another file's modules (a mocked module, a config read once).
const CHANGES_SHARED_STATE =
  /vi\.(mock|doMock|hoisted|resetModules|unmock|stubEnv|stubGlobal)\(|process\.env\.\w+\s*=(?!=)|delete process\.env/;
const ISOLATED_UNITS = UNIT.flatMap((pattern) => globSync(pattern)).filter((file) =>
  CHANGES_SHARED_STATE.test(readFileSync(file, "utf8")),
);

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          environment: "node",
          include: UNIT,
          exclude: ISOLATED_UNITS,
          isolate: false,
          setupFiles: ["tests/helpers/unit-env.ts"],
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "unit-isolated",
          environment: "node",
          include: ISOLATED_UNITS.length > 0 ? ISOLATED_UNITS : ["no-isolated-unit-tests"],
          setupFiles: ["tests/helpers/unit-env.ts"],
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Timing proofs (npm run bench:linear): CPU-time ratios need a quiet machine, not a test run's.
          name: "bench",
          environment: "node",
          include: ["tests/bench/**/*.test.ts"],
          setupFiles: ["tests/helpers/unit-env.ts"],
          testTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          environment: "node",
          include: ["tests/api/**/*.test.ts", "tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/helpers/global-server.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
