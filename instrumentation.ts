// Boots the database, migrations and job system once per server process, before the first request.
export async function register() {
  // NEXT_RUNTIME is a build-time constant from Next, not configuration; the guard keeps Node-only
  // modules out of the edge bundle.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { configOrExit } = await import("./lib/config");
  configOrExit();
  const { runtime } = await import("./lib/server/runtime");
  const { DataDirLockedError } = await import("./lib/db/lock");
  try {
    await runtime();
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    console.error(`[agentcity] start-up failed: ${(err as Error).message}`);
    process.exit(1);
  }
}
