/**
 * A server-sent-events stream read in the background (issue 46's live inbox): its events so far, with their
 * ids and arrival times, and a wait for the next one that matches. Opened streams wait for `ready`.
 */
export type Ev = { id: string | null; event: string; data: Record<string, unknown>; at: number };

/** An open event stream, read in the background: its events so far, and a wait for the next that matches. */
export class LiveStream {
  events: Ev[] = [];
  status = 0;
  private readonly abort = new AbortController();
  private waiters: { match: (e: Ev) => boolean; resolve: (e: Ev) => void }[] = [];
  private constructor() {}

  static async open(base: string, path: string, headers: Record<string, string>): Promise<LiveStream> {
    const s = new LiveStream();
    const res = await fetch(`${base}${path}`, {
      headers: { accept: "text/event-stream", ...headers },
      signal: s.abort.signal,
    });
    s.status = res.status;
    if (res.status !== 200) {
      await res.text();
      return s;
    }
    void s.read(res).catch(() => {});
    await s.next((e) => e.event === "ready");
    return s;
  }

  private async read(res: Response) {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let cut = buffer.indexOf("\n\n");
      while (cut >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        cut = buffer.indexOf("\n\n");
        const event = block.match(/^event: (.+)$/m)?.[1];
        const data = block.match(/^data: (.+)$/m)?.[1];
        if (!event || !data) continue;
        const e = {
          id: block.match(/^id: (.+)$/m)?.[1] ?? null,
          event,
          data: JSON.parse(data),
          at: Date.now(),
        };
        this.events.push(e);
        this.waiters = this.waiters.filter((w) => {
          if (!w.match(e)) return true;
          w.resolve(e);
          return false;
        });
      }
    }
  }

  /** The first event (already read or to come) that matches, within `ms`. */
  next(match: (e: Ev) => boolean, ms = 5_000): Promise<Ev> {
    const seen = this.events.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching event within ${ms} ms`)), ms);
      this.waiters.push({
        match,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      });
    });
  }

  close() {
    this.abort.abort();
  }
}
