import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { defaultLimits } from "@/lib/ingest/parse";
import { extract } from "@/lib/ingest/parse/extract";
import { guessLanguage, keepFirst, tidy, tidySections } from "@/lib/ingest/parse/text";
import { chunk, chunkInTurns, sentences } from "@/lib/retrieval/chunk";
import { foldForSearch, passageSearchText, searchTerms } from "@/lib/retrieval/fold";
import { passageUnits } from "@/lib/retrieval/match";
import { markedTokens } from "@/lib/retrieval/query";

/**
 * Issue 40: every step a document's text goes through on its way to passages (and every step a passage
 * goes through when it is searched and quoted) takes time linear in the text's length, for the inputs
 * that made one quadratic: a file of "A. " repeated (500 KB held the server for 89 s), runs of dots,
 * abbreviations, numbers with dots, text without spaces, one huge line.
 *
 * Measured as the ratio of CPU time when the input doubles: ~2 for linear work, ~4 for quadratic. The
 * time is this thread's CPU time, after a garbage collection: on a loaded 2-core machine the wall clock
 * mostly measures the other processes. The input is first grown until one run takes MIN_MS, then both
 * sizes are run in turns and their medians compared; a ratio over the limit is measured again at twice
 * the size (up to three times) before it counts, which a quadratic step never passes.
 */
// Linear work doubles (×2), quadratic work quadruples (×4); on a busy 2-core machine garbage collection
// and the other processes push linear steps to ×2.3–2.6, so the bound sits between the two.
const LIMIT = 3;
const MIN_MS = 10;
const RUNS = 3;
// Quadratic splitting took 3.5 s on 90 KB. A ratio over the limit is measured again up to 4 M characters,
// where V8's chains of replace results made fold and tidy grow ×3–8 per doubling (lib/shared/replace-every.ts).
const MAX_CHARS = Number(process.env.BENCH_MAX_CHARS) || 4_000_000;
// A narrowed run starts at a given size, on the inputs whose name holds BENCH_INPUT, and prints each ratio:
// BENCH_INPUT=A.A.A. BENCH_FROM_CHARS=2000000 npm run bench:linear -- -t foldForSearch
const FROM_CHARS = Number(process.env.BENCH_FROM_CHARS) || 2_000;
const ONLY_INPUT = process.env.BENCH_INPUT;

/** Builds about `n` characters by repeating `unit`. */
const repeat = (unit: string) => (n: number) => unit.repeat(Math.max(1, Math.round(n / unit.length)));

const inputs: [string, (n: number) => string][] = [
  ["initials ('A. ' repeated)", repeat("A. ")],
  ["initials without spaces ('A.A.A.')", repeat("A.")],
  ["dots only", repeat(".")],
  ["dots and spaces", repeat(". ")],
  ["ellipses and closers", repeat('...") ')],
  ["exclamations without a space", repeat("!)")],
  ["abbreviations", repeat("Mr. Dr. TP. Q. e.g. approx. ")],
  ["numbers with dots", repeat("1.000.000 2.5. ")],
  ["numbers with dots and no spaces", repeat("1.2.3.4.")],
  ["no spaces at all", repeat("a")],
  ["hyphens without spaces", repeat("Wi-Fi-")],
  ["questions", repeat("Open? ")],
  ["one huge line of sentences", repeat("Cửa hàng mở lúc 7 giờ. The shop opens at 7 am! ")],
  ["short lines", repeat("A.\n")],
  ["blank lines", repeat("x\n \n\t\n")],
  ["vietnamese without spaces", repeat("Thànhphố")],
];

const steps: [string, (text: string) => unknown][] = [
  ["sentences", (t) => sentences(t)],
  ["chunk", (t) => chunk([{ heading: null, text: t }])],
  ["chunkInTurns", (t) => chunkInTurns([{ heading: "H", text: t }])],
  ["tidy", (t) => tidy(t)],
  ["tidySections", (t) => tidySections([{ heading: "H", text: t }])],
  ["keepFirst", (t) => keepFirst([{ heading: null, text: t }], Math.floor(t.length / 2))],
  ["guessLanguage", (t) => guessLanguage(t)],
  ["extract (text file)", (t) => extract(new TextEncoder().encode(t), "big.txt", unlimited)],
  ["foldForSearch", (t) => foldForSearch(t)],
  ["searchTerms", (t) => searchTerms(t)],
  ["passageSearchText", (t) => passageSearchText("Wi-Fi", t)],
  ["markedTokens", (t) => markedTokens(t)],
  ["passageUnits", (t) => passageUnits(t)],
];

const unlimited = {
  ...defaultLimits,
  maxBytes: 4 * MAX_CHARS,
  maxCharacters: 4 * MAX_CHARS,
};

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** Milliseconds of CPU this thread has used. */
function cpuMs(): number {
  const used = process.threadCpuUsage();
  return (used.user + used.system) / 1000;
}

async function timeOf(step: (text: string) => unknown, text: string): Promise<number> {
  gc();
  const started = cpuMs();
  await step(text);
  return cpuMs() - started;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A text of `n` characters, flat in memory, so no run pays for building it. */
function made(make: (n: number) => string, n: number): string {
  const text = make(n);
  text.indexOf("\u0001");
  return text;
}

type Growth = { chars: number; smallMs: number; largeMs: number; ratio: number };

async function growth(step: (text: string) => unknown, make: (n: number) => string): Promise<Growth> {
  let n = FROM_CHARS;
  while (n < MAX_CHARS && (await timeOf(step, made(make, n))) < MIN_MS) n *= 2;
  let best: Growth | null = null;
  for (let attempt = 0; attempt < 3; attempt++, n *= 2) {
    const small = made(make, n);
    const large = made(make, 2 * n);
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      a.push(await timeOf(step, small));
      b.push(await timeOf(step, large));
    }
    const g = { chars: small.length, smallMs: median(a), largeMs: median(b), ratio: median(b) / median(a) };
    if (!best || g.ratio < best.ratio) best = g;
    // Work too small to time (a step that reads a bounded sample) is not growing with the text.
    if (best.ratio <= LIMIT || best.largeMs < MIN_MS || 2 * n >= MAX_CHARS) break;
  }
  return best!;
}

describe("text steps take time linear in the text's length", () => {
  for (const [name, step] of steps) {
    it(name, async () => {
      const slow: string[] = [];
      for (const [input, make] of inputs) {
        if (ONLY_INPUT && !input.includes(ONLY_INPUT)) continue;
        const g = await growth(step, make);
        if (ONLY_INPUT)
          console.log(
            `${name} · ${input}: ${g.chars} → ${2 * g.chars} characters, ${g.smallMs.toFixed(1)} → ${g.largeMs.toFixed(1)} ms (×${g.ratio.toFixed(2)})`,
          );
        if (g.ratio > LIMIT && g.largeMs >= MIN_MS)
          slow.push(
            `${input}: ${g.chars} → ${2 * g.chars} characters took ${g.smallMs.toFixed(1)} → ${g.largeMs.toFixed(1)} ms (×${g.ratio.toFixed(2)})`,
          );
      }
      expect(slow, `${name} grows faster than the text`).toEqual([]);
    }, 30_000);
  }
});

describe("chunkInTurns", () => {
  it("gives the passages chunk gives", async () => {
    const sections = [
      {
        heading: "Giờ mở cửa",
        text: "Cửa hàng mở lúc 7 giờ. TP. Hồ Chí Minh.\n\nMr. Smith? Yes!\r\nA. B. C.",
      },
      { heading: null, text: "A. ".repeat(2_000) },
      { heading: "x", text: "Wi-Fi ".repeat(500) },
    ];
    expect(await chunkInTurns(sections)).toEqual(chunk(sections));
  });

  it("hands the event loop back while it cuts a large pathological text", async () => {
    // One line of 2.1 million characters: every step of it (cleaning, finding sentences) is done in stretches.
    const text = "A. ".repeat(700_000);
    const stretches: number[] = [];
    let last = cpuMs();
    const timer = setInterval(() => {
      const now = cpuMs();
      stretches.push(now - last);
      last = now;
    }, 1);
    const started = cpuMs();
    const out = await chunkInTurns([{ heading: null, text }]);
    const took = cpuMs() - started;
    clearInterval(timer);
    expect(out).toEqual(chunk([{ heading: null, text }]));
    // Measured in this thread's CPU time between two timer callbacks: the work done without a break.
    const longest = Math.max(...stretches);
    // Done in one go, the longest stretch would be the whole work; in turns it is a small part of it, even
    // with a garbage collection or another process landing in one of them.
    expect(stretches.length).toBeGreaterThan(3);
    expect(longest, `longest stretch ${longest.toFixed(0)} ms of ${took.toFixed(0)} ms`).toBeLessThan(
      took / 2,
    );
  });
});
