import { defineConfig } from "drizzle-kit";

// Only used to generate SQL migrations from lib/db/schema.ts; migrations are applied by lib/db/migrate.ts.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/db/schema.ts",
  out: "./lib/db/migrations",
});
