import "server-only";
import { type CheckedFileStore, fileStore, type StoreKind } from "@/lib/storage/store";

export type StorageHealth = { kind: StoreKind | null; ok: boolean };

/**
 * The stores bound their own checks; this outer limit is what lets /api/health promise an answer whatever
 * a store does (a check that hangs past it reads as down).
 */
const STORAGE_PROBE_WAIT_MS = 4_000;

/**
 * /api/health is public and polled: an answer this recent is given again, so a burst of probes (or of
 * strangers) costs the bucket one HeadBucket, not one each. A "down" is kept only DOWN_MS after it came: a
 * bucket back up shows as up within a second, and a dead one is still asked at most once a second.
 */
const FRESH_MS = 5_000;
const DOWN_MS = 1_000;
const recent = new WeakMap<CheckedFileStore, { until: number; health: Promise<StorageHealth> }>();

/** Whether the file store answers now: the folder is writable, or the bucket answers HeadBucket. */
export function checkStorage(store?: CheckedFileStore): Promise<StorageHealth> {
  let target: CheckedFileStore;
  try {
    target = store ?? fileStore();
  } catch {
    return Promise.resolve({ kind: null, ok: false });
  }
  const known = recent.get(target);
  if (known && Date.now() < known.until) return known.health;
  const health = probe(target);
  const entry = { until: Date.now() + FRESH_MS, health };
  recent.set(target, entry);
  void health.then((h) => {
    if (!h.ok) entry.until = Math.min(entry.until, Date.now() + DOWN_MS);
  });
  return health;
}

const probed = new WeakSet<CheckedFileStore>();

async function probe(store: CheckedFileStore): Promise<StorageHealth> {
  // A process's first check can be cut short by its own start-up (the SDK loading while the server boots
  // took the bucket's check past its time on the 2-core machine): a first "down" is asked once more.
  const first = !probed.has(store);
  probed.add(store);
  let ok = await attempt(store);
  if (!ok && first) ok = await attempt(store);
  // Only the kind and a yes/no: the endpoint, bucket and keys are no business of a public health check.
  return { kind: store.kind, ok };
}

function attempt(store: CheckedFileStore): Promise<boolean> {
  const deadline = new Promise<false>((resolve) =>
    setTimeout(() => resolve(false), STORAGE_PROBE_WAIT_MS).unref(),
  );
  return Promise.race([store.check().catch(() => false), deadline]);
}
