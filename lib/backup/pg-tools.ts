import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import path from "node:path";
import { childToolEnvironment, executableSearchPath } from "@/lib/config";

/** pg_dump or pg_restore is not installed: says what to install, for the systems people run this on. */
export class MissingPgTool extends Error {
  constructor(tool: string) {
    super(
      `${tool} was not found on PATH. Backups of a Postgres database use PostgreSQL's client tools, the same ` +
        "major version as the server or newer: install the package postgresql-client (Debian/Ubuntu: " +
        "apt-get install postgresql-client; Alpine: apk add postgresql-client; macOS: brew install libpq), then run again.",
    );
    this.name = "MissingPgTool";
  }
}

function findOnPath(tool: string): string | null {
  for (const dir of executableSearchPath()) {
    const file = path.join(dir, tool);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {}
  }
  return null;
}

/**
 * The connection for the client tools: the URL without its password, which goes in PGPASSWORD instead so
 * it never shows in the process list.
 */
function connection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { dbname: url.toString(), env: childToolEnvironment(password ? { PGPASSWORD: password } : {}) };
}

async function run(tool: "pg_dump" | "pg_restore", args: string[], databaseUrl: string): Promise<void> {
  const bin = findOnPath(tool);
  if (!bin) throw new MissingPgTool(tool);
  const { dbname, env } = connection(databaseUrl);
  const child = spawn(bin, [...args, `--dbname=${dbname}`], { env, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (text: string) => {
    if (stderr.length < 8000) stderr += text;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  if (code !== 0) throw new Error(`${tool} failed (exit ${code}): ${stderr.trim() || "no message"}`);
}

/** The whole database in pg_dump's custom format (compressed, restorable table by table) into `file`. */
export function pgDump(databaseUrl: string, file: string): Promise<void> {
  return run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`], databaseUrl);
}

/** Restores a custom-format dump in one transaction: it lands whole or not at all. */
export function pgRestore(databaseUrl: string, file: string): Promise<void> {
  return run(
    "pg_restore",
    ["--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", file],
    databaseUrl,
  );
}

/** Both tools are there (checked before a restore touches anything). */
export function assertPgTools(): void {
  for (const tool of ["pg_dump", "pg_restore"]) if (!findOnPath(tool)) throw new MissingPgTool(tool);
}
