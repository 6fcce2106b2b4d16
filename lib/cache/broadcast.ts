import "server-only";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { logger } from "@/lib/logger";

const log = logger("cache");

/**
 * Cache invalidation across instances (OPS-2): a process that changes what other processes may hold in
 * memory (a profile, an owner's plan limits) says so on one Postgres channel; every instance listening drops
 * its copy at once. A notice lost while an instance was reconnecting is covered by each cache's own TTL,
 * which stays the staleness bound (docs/architecture.md § Caches). On PGlite there is one process: nothing
 * to tell.
 */

export const CHANNEL = "agentcity_invalidate";
/** `inbox`: a live-inbox event was stored (lib/inbox/hub.ts); the key says whose streams to wake. */
export type Topic = "profile" | "entitlement" | "embed" | "agent" | "inbox";
type Handler = (key: string) => void;

/** pg_notify's payload limit is 8000 bytes; keys are ids, far below it. */
const MAX_KEY = 200;

export class Broadcaster {
  readonly origin = randomUUID();
  private readonly handlers = new Map<Topic, Handler>();
  private client: pg.Client | null = null;
  private pool: pg.Pool | null = null;
  private stopped = false;
  private retry: ReturnType<typeof setTimeout> | null = null;

  /** What this process does when another one changed `topic`'s `key`. */
  on(topic: Topic, handler: Handler): void {
    this.handlers.set(topic, handler);
  }

  /** Tells the other instances (fire and forget: the TTL covers a notice that cannot be sent). */
  send(topic: Topic, key: string): void {
    if (!this.pool || key.length > MAX_KEY) return;
    const payload = JSON.stringify({ o: this.origin, t: topic, k: key });
    this.pool.query("SELECT pg_notify($1, $2)", [CHANNEL, payload]).catch((err: Error) => {
      log.warn(`invalidation of ${topic} not sent: ${err.message}`);
    });
  }

  /** Listens on its own connection (a LISTEN holds one), reconnecting after a loss. */
  async start(pool: pg.Pool): Promise<void> {
    this.pool = pool;
    await this.listen();
  }

  private async listen(): Promise<void> {
    if (this.stopped || !this.pool) return;
    const client = new pg.Client({ connectionString: this.pool.options.connectionString });
    client.on("notification", (msg) => this.receive(msg.payload));
    client.on("error", (err) => this.lost(client, err));
    client.on("end", () => this.lost(client, new Error("connection ended")));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      this.client = client;
    } catch (err) {
      this.lost(client, err as Error);
    }
  }

  private lost(client: pg.Client, err: Error): void {
    if (this.client !== client && this.client !== null) return;
    this.client = null;
    client.end().catch(() => {});
    if (this.stopped || this.retry) return;
    log.warn(`invalidation listener lost (${err.message}); reconnecting, caches fall back to their TTL`);
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.listen();
    }, 1_000);
  }

  private receive(payload: string | undefined): void {
    if (!payload) return;
    try {
      const { o, t, k } = JSON.parse(payload) as { o?: string; t?: Topic; k?: string };
      if (o === this.origin || !t || typeof k !== "string") return;
      this.handlers.get(t)?.(k);
    } catch {
      // Not ours, or garbled: nothing to drop.
    }
  }

  /** True while the LISTEN connection is up (health, tests). */
  listening(): boolean {
    return this.client !== null;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => {});
  }
}

const KEY = Symbol.for("agentcity.broadcast");

/** The process's broadcaster, shared by every bundle copy (Next bundles routes and instrumentation apart). */
export function broadcaster(): Broadcaster {
  const g = globalThis as { [KEY]?: Broadcaster };
  g[KEY] ??= new Broadcaster();
  return g[KEY];
}
