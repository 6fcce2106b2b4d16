import "server-only";
/**
 * At most `concurrency` pieces of work at once, until nothing is in flight and `take` has nothing more.
 * `take` is asked again whenever a piece of work ends: it may have added items, or made room. The first
 * failure is passed to `abort` (which should abort `signal`, so the other workers stop) and rejects.
 */
export async function runPool<T>(opts: {
  concurrency: number;
  signal: AbortSignal;
  /** The next item, or undefined when none may start now; `inFlight` counts the items being worked on. */
  take: (inFlight: number) => T | undefined;
  work: (item: T) => Promise<void>;
  abort: (err: unknown) => void;
}): Promise<void> {
  const { signal, take, work } = opts;
  let inFlight = 0;
  let wake: (() => void) | null = null;
  let idle = new Promise<void>((r) => {
    wake = r;
  });
  const notify = () => {
    wake?.();
    idle = new Promise<void>((r) => {
      wake = r;
    });
  };

  const worker = async () => {
    for (;;) {
      if (signal.aborted) throw signal.reason;
      const item = take(inFlight);
      if (item === undefined) {
        if (inFlight === 0) return;
        await idle;
        continue;
      }
      inFlight++;
      try {
        await work(item);
      } finally {
        inFlight--;
        notify();
      }
    }
  };

  await Promise.all(
    Array.from({ length: opts.concurrency }, () =>
      worker().catch((err) => {
        opts.abort(err);
        notify();
        throw err;
      }),
    ),
  );
}
