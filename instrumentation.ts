// Boots the database, migrations and job system once per server process, before the first request.
export async function register() {
  // NEXT_RUNTIME is a build-time constant from Next, not configuration; the guard keeps Node-only
  // modules out of the edge bundle.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { start } = await import("./lib/server/start");
    await start();
  }
}
