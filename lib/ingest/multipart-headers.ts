import "server-only";
import { Transform, type TransformCallback } from "node:stream";

/**
 * Control bytes a part header may not carry (a browser sends a file name's \x01 or DEL as they are). Busboy
 * refuses such a header, and cannot recover: it drops the rest of the chunk it was reading, later files
 * with it. Tab stays (allowed in headers); CR and LF stay, they frame the header.
 */
const isHeaderControl = (b: number) => (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || b === 0x7f;
const END_OF_HEADERS = Buffer.from("\r\n\r\n");
/** Past this a header is not a header: passed on as it is, for busboy to refuse. */
const MAX_HEADER_BYTES = 64 * 1024;

/** The boundary of a multipart Content-Type, or null. */
export function boundaryOf(contentType: string): string | null {
  const m = contentType.match(/;\s*boundary=(?:"([^"]{1,200})"|([^;\s]{1,200}))/i);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

/**
 * Removes control bytes from the part headers of a multipart body, and only there: file contents pass
 * byte for byte. So a file whose name holds a control character arrives (its name cleaned later) instead
 * of failing the whole batch.
 */
export function cleanPartHeaders(boundary: string): Transform {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first delimiter has no CRLF before it: one is lent at the start and taken back on output.
  let pending: Buffer = Buffer.from("\r\n");
  let lent = 2;
  let state: "data" | "after_delimiter" | "header" | "epilogue" = "data";
  let headerBytes = 0;

  const run = (push: (b: Buffer) => void, final: boolean) => {
    const out = (b: Buffer) => {
      if (lent > 0) {
        const taken = Math.min(lent, b.length);
        lent -= taken;
        b = b.subarray(taken);
      }
      if (b.length > 0) push(b);
    };
    for (;;) {
      if (state === "epilogue") {
        out(pending);
        pending = Buffer.alloc(0);
        return;
      }
      if (state === "data") {
        const at = pending.indexOf(delimiter);
        if (at < 0) {
          const keep = final ? 0 : Math.min(pending.length, delimiter.length - 1);
          out(pending.subarray(0, pending.length - keep));
          pending = pending.subarray(pending.length - keep);
          return;
        }
        out(pending.subarray(0, at + delimiter.length));
        pending = pending.subarray(at + delimiter.length);
        state = "after_delimiter";
        continue;
      }
      if (state === "after_delimiter") {
        if (pending.length < 2 && !final) return;
        state = pending.subarray(0, 2).toString("latin1") === "--" ? "epilogue" : "header";
        headerBytes = 0;
        continue;
      }
      // header: its end is looked for in the cleaned bytes, so a control byte between CRLFs cannot hide
      // the end from us and then show one to busboy. Stops at the end: what follows is content.
      const kept: number[] = [];
      let at = 0;
      let ended = false;
      while (at < pending.length) {
        const b = pending[at++]!;
        if (isHeaderControl(b)) continue;
        kept.push(b);
        const n = kept.length;
        if (n >= 4 && kept[n - 4] === 13 && kept[n - 3] === 10 && kept[n - 2] === 13 && b === 10) {
          ended = true;
          break;
        }
      }
      if (ended) {
        out(Buffer.from(kept));
        pending = pending.subarray(at);
        state = "data";
        continue;
      }
      const keep = final ? 0 : Math.min(kept.length, END_OF_HEADERS.length - 1);
      headerBytes += kept.length - keep;
      out(Buffer.from(kept.slice(0, kept.length - keep)));
      pending = Buffer.from(kept.slice(kept.length - keep));
      if (headerBytes > MAX_HEADER_BYTES) state = "epilogue";
      return;
    }
  };

  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      pending = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
      run((b) => this.push(b), false);
      done();
    },
    flush(done: TransformCallback) {
      run((b) => this.push(b), true);
      done();
    },
  });
}
