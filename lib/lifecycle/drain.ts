import "server-only";
import { metrics } from "@/lib/metrics/registry";

/**
 * Draining on shutdown (OPS-3): the process's open answer streams are counted; on SIGTERM the server stops
 * taking requests, lets the open answers finish for a grace period, then ends the rest through one abort
 * signal that the answer engine listens to (the answer is stored as failed, so the visitor's retry on another
 * instance answers the same question). Kept on globalThis: Next bundles routes and instrumentation apart.
 */
type DrainState = {
  controller: AbortController;
  open: number;
  draining: boolean;
  idle: Set<() => void>;
};

const KEY = Symbol.for("agentcity.drain");

function state(): DrainState {
  const g = globalThis as { [KEY]?: DrainState };
  g[KEY] ??= { controller: new AbortController(), open: 0, draining: false, idle: new Set() };
  return g[KEY];
}

/** Aborts when the process ends the answers still open after the grace period. */
export function shutdownSignal(): AbortSignal {
  return state().controller.signal;
}

/** True once SIGTERM has been received: health says so, so a load balancer stops sending requests here. */
export function isDraining(): boolean {
  return state().draining;
}

export function openStreams(): number {
  return state().open;
}

/** Counts an answer in progress; call the returned function once when it ends (however it ends). */
export function streamOpened(): () => void {
  const s = state();
  s.open++;
  metrics().openStreams.set(s.open);
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    s.open--;
    metrics().openStreams.set(s.open);
    if (s.open === 0) for (const wake of s.idle) wake();
  };
}

function idle(ms: number): Promise<boolean> {
  const s = state();
  if (s.open === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      s.idle.delete(wake);
      resolve(ok);
    };
    const wake = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    s.idle.add(wake);
  });
}

/**
 * Waits up to `graceMs` for the open answers to finish, then ends the others (they send their error event
 * and store the answer as failed) and waits a moment more for them to close. Answers how many were cut.
 */
export async function drain(graceMs: number, closeMs = 5_000): Promise<{ finished: boolean; cut: number }> {
  const s = state();
  s.draining = true;
  if (await idle(graceMs)) return { finished: true, cut: 0 };
  const cut = s.open;
  s.controller.abort(new Error("server shutting down"));
  await idle(closeMs);
  return { finished: false, cut };
}
