import "server-only";
import { hostname } from "node:os";
import { type Logger, pino } from "pino";
import { config } from "@/lib/config";
import { currentApiKey, currentRequestId } from "@/lib/context/request-id";
import { redact, scrubText } from "./logger-redact";

type Level = "debug" | "info" | "warn" | "error";
export type LogFormat = "json" | "pretty";

/** What a module logs with: a message, and the error behind it when there is one. */
export type Log = Record<Level, (message: string, err?: unknown) => void>;

/**
 * A root logger. `json`: pino's own lines, one object each (`level`, `time`, `pid`, `hostname`, `area`,
 * `msg`, `err`, `request_id`, and `api_key_id`: the public id of the owner API key a request came with, as
 * `api_key` would be redacted), all on stdout where a collector reads them. `pretty`: `[area] message` for a person.
 * Either way secrets are redacted before the line is written (lib/logger-redact.ts); `write` is the
 * sink, for tests.
 */
export function createRootLogger(opts: {
  level: Level;
  format: LogFormat;
  write?: (line: string) => void;
}): Logger {
  const json = opts.format === "json";
  return pino(
    {
      level: opts.level,
      // pid and hostname tell instances apart in a collector; a terminal has one.
      base: json ? { pid: process.pid, hostname: hostname() } : undefined,
      timestamp: json ? pino.stdTimeFunctions.isoTime : false,
      // Level names, not pino's numbers: a collector's query reads `level="error"` without a table.
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const id = currentRequestId();
        const apiKey = currentApiKey();
        return { ...(id ? { request_id: id } : {}), ...(apiKey ? { api_key_id: apiKey } : {}) };
      },
      redact,
      serializers: { err: scrubbedError },
    },
    { write: opts.write ?? (json ? writeStdout : printLine) },
  );
}

/** pino's error serializer (type, message, stack, cause, own fields), its text scrubbed of secrets. */
function scrubbedError(err: Error) {
  const out = pino.stdSerializers.err(err);
  out.message = scrubText(out.message);
  if (out.stack) out.stack = scrubText(out.stack);
  return out;
}

function writeStdout(line: string): void {
  process.stdout.write(line);
}

/**
 * A line as a person reads it in the terminal: `[area] message`, an error's stack below. Written through
 * the console so each level keeps its stream (debug and info on stdout, warn and error on stderr).
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

let root: Logger | undefined;
const areas = new Map<string, Logger>();

/**
 * The server's one logger, at LOG_LEVEL in LOG_FORMAT. Created on first use, not at import: modules take
 * their `logger("area")` at the top, before the configuration has been read.
 */
function base(area: string | undefined): Logger {
  root ??= createRootLogger({ level: config().LOG_LEVEL, format: config().LOG_FORMAT });
  if (!area) return root;
  const known = areas.get(area);
  if (known) return known;
  const child = root.child({ area });
  areas.set(area, child);
  return child;
}

/** The `Log` of a pino logger: messages are scrubbed, an Error goes to `err`, anything else is text. */
export function logTo(target: () => Logger): Log {
  const at =
    (level: Level) =>
    (message: string, err?: unknown): void => {
      const log = target();
      if (!log.isLevelEnabled(level)) return;
      if (err === undefined) log[level](scrubText(message));
      else if (err instanceof Error) log[level]({ err }, scrubText(message));
      else log[level](scrubText(`${message} ${String(err)}`));
    };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

/** A logger for one area of the server; its lines start with `[area]`, or nothing when none is given. */
export function logger(area?: string): Log {
  return logTo(() => base(area));
}

/**
 * A line for the person at the server's terminal rather than for a log collector (that sign-in codes are
 * printed there, say): `[area] text` on stderr in either format, so it stays readable in the middle of
 * JSON lines, and a collector keeps it as a plain line. Never put a secret here either.
 */
export function notice(area: string, text: string): void {
  console.warn(`[${area}] ${scrubText(text)}`);
}
