import { migrate } from "@/lib/db/migrate";
import { InvalidRedirectError, listRedirects, removeRedirect, upsertRedirect } from "@/lib/redirects/queries";
import { openForScript } from "./lib";

const usage = `Manage server-driven redirects (SHELL-9).

  npm run redirects -- list
  npm run redirects -- add <source-path> <target> [--permanent] [--middleware '{"key":"value"}']
  npm run redirects -- remove <source-path>

A target is a path ("/en/pricing": in-app redirect) or an http(s) URL (full navigation).
A running server picks changes up within REDIRECTS_REFRESH_SECONDS. On the embedded database the
server holds the data folder: stop it first, or use DATABASE_URL.`;

const [command, ...args] = process.argv.slice(2);
if (!command || !["list", "add", "remove"].includes(command)) {
  console.log(usage);
  process.exit(command ? 1 : 0);
}

const { database } = await openForScript();
try {
  await migrate(database);
  if (command === "list") {
    const rules = await listRedirects(database.db);
    if (rules.length === 0) console.log("No redirects.");
    for (const r of rules) {
      const mw = Object.keys(r.middleware).length ? ` middleware=${JSON.stringify(r.middleware)}` : "";
      console.log(`${r.sourcePath} -> ${r.target} (${r.permanent ? "308 permanent" : "307 temporary"})${mw}`);
    }
  } else if (command === "add") {
    const [source, target] = args.filter((a, i) => !a.startsWith("--") && args[i - 1] !== "--middleware");
    if (!source || !target) throw new InvalidRedirectError("add needs <source-path> and <target>");
    const mwIndex = args.indexOf("--middleware");
    let middleware: Record<string, unknown> = {};
    if (mwIndex >= 0) {
      try {
        middleware = JSON.parse(args[mwIndex + 1] ?? "");
      } catch {
        throw new InvalidRedirectError("--middleware must be a JSON object");
      }
      if (typeof middleware !== "object" || middleware === null || Array.isArray(middleware)) {
        throw new InvalidRedirectError("--middleware must be a JSON object");
      }
    }
    const rule = await upsertRedirect(database.db, {
      sourcePath: source,
      target,
      permanent: args.includes("--permanent"),
      middleware,
    });
    console.log(`Saved: ${rule.sourcePath} -> ${rule.target}`);
  } else {
    const source = args[0];
    if (!source) throw new InvalidRedirectError("remove needs <source-path>");
    const removed = await removeRedirect(database.db, source);
    console.log(removed ? `Removed ${source}` : `No redirect for ${source}`);
    if (!removed) process.exitCode = 1;
  }
} catch (err) {
  if (err instanceof InvalidRedirectError) {
    console.error(`Invalid redirect: ${err.message}`);
    process.exitCode = 1;
  } else {
    throw err;
  }
} finally {
  await database.close();
}
