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
 * strangers) costs the bucket one HeadBucket, not one each.
 */
const FRESH_MS = 5_000;
const recent = new WeakMap<CheckedFileStore, { at: number; health: Promise<StorageHealth> }>();

/** Whether the file store answers now: the folder is writable, or the bucket answers HeadBucket. */
export function checkStorage(store?: CheckedFileStore): Promise<StorageHealth> {
  let target: CheckedFileStore;
  try {
    target = store ?? fileStore();
  } catch {
    return Promise.resolve({ kind: null, ok: false });
  }
  const now = Date.now();
  const known = recent.get(target);
  if (known && now - known.at < FRESH_MS) return known.health;
  const health = probe(target);
  recent.set(target, { at: now, health });
  return health;
}

async function probe(store: CheckedFileStore): Promise<StorageHealth> {
  const deadline = new Promise<false>((resolve) =>
    setTimeout(() => resolve(false), STORAGE_PROBE_WAIT_MS).unref(),
  );
  const ok = await Promise.race([store.check().catch(() => false), deadline]);
  // Only the kind and a yes/no: the endpoint, bucket and keys are no business of a public health check.
  return { kind: store.kind, ok };
}
