import "server-only";
import { type Logger, pino } from "pino";
import { config } from "@/lib/config";

type Level = "debug" | "info" | "warn" | "error";

/** What a module logs with: a message, and the error behind it when there is one. */
export type Log = Record<Level, (message: string, err?: unknown) => void>;

let root: Logger | undefined;
const areas = new Map<string, Logger>();

/**
 * The server's one logger (pino), at LOG_LEVEL. Created on first use, not at import: modules take their
 * `logger("area")` at the top, before the configuration has been read.
 */
function base(area: string | undefined): Logger {
  root ??= pino(
    {
      level: config().LOG_LEVEL,
      base: undefined,
      timestamp: false,
      formatters: { level: (label) => ({ level: label }) },
    },
    { write: printLine },
  );
  if (!area) return root;
  const known = areas.get(area);
  if (known) return known;
  const child = root.child({ area });
  areas.set(area, child);
  return child;
}

/**
 * A line as a person reads it in the terminal: `[area] message`, an error's stack below. Written through
 * the console so each level keeps its stream (debug and info on stdout, warn and error on stderr); JSON
 * lines for a log collector are a change of this sink only.
 */
function printLine(json: string): void {
  const { level, area, msg, err } = JSON.parse(json) as {
    level: string;
    area?: string;
    msg?: string;
    err?: { message?: string; stack?: string };
  };
  const text = `${area ? `[${area}] ` : ""}${msg ?? ""}${err ? `\n${err.stack ?? err.message}` : ""}`;
  if (level === "error" || level === "fatal") console.error(text);
  else if (level === "warn") console.warn(text);
  else console.log(text);
}

/** A logger for one area of the server; its lines start with `[area]`, or nothing when none is given. */
export function logger(area?: string): Log {
  const at =
    (level: Level) =>
    (message: string, err?: unknown): void => {
      const log = base(area);
      if (err === undefined) log[level](message);
      else if (err instanceof Error) log[level]({ err }, message);
      else log[level](`${message} ${String(err)}`);
    };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}
