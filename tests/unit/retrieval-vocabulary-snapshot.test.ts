import { describe, expect, it, vi } from "vitest";
import { searchPassages } from "@/lib/retrieval/search";
import { corpusVersion } from "@/lib/retrieval/search-cache";
import { documentFrequencies, MAX_FORMS } from "@/lib/retrieval/term-stats";
import { readVocabularySnapshot, vocabularySnapshot } from "@/lib/retrieval/vocabulary-snapshot";
import { recordQueries } from "../helpers/recording-db";
import { backendDatabase, backends, learnTexts, seedAgent } from "../helpers/retrieval-db";

/**
 * An agent's vocabulary held in memory (issue 18): a search counts its words there instead of in a
 * statement, with the same counts, and only for the corpus stamp the snapshot was read at.
 */

const PASSAGES = [
  "Giờ mở cửa: 7 giờ đến 21 giờ, mỗi giờ một chuyến.",
  "The shop opens every hour; hourly buses, two hours away.",
  "Book a table: booked, booking, books, bookshop, bookcase, bookmark, bookworm, booklet.",
  "bookжурнал and bookstore 2024 book4",
  "Phở bò, phở gà, bún chả Hà Nội.",
];

for (const backend of backends) {
  describe(`an agent's vocabulary in memory on ${backend}`, () => {
    const database = backendDatabase(backend);

    it("counts words, their forms and the passages exactly as the statements do", async () => {
      const { db } = database();
      const agentId = await seedAgent(db);
      await learnTexts(db, agentId, PASSAGES);
      const snapshot = await readVocabularySnapshot(db, agentId);
      expect(snapshot?.terms.length).toBeGreaterThan(20);
      // Every term, every prefix of each, and words the agent never uses.
      const known = snapshot!.terms.filter(Boolean);
      const terms = [
        ...known,
        ...known.flatMap((t) => Array.from({ length: t.length - 1 }, (_, i) => t.slice(0, i + 1))),
        "zzzz",
        "boo",
        "bookx",
        "a",
        "",
      ];
      // A fresh agent: none of these counts is remembered from an earlier read.
      const fromStatements = await documentFrequencies(db, agentId, terms);
      const { result: fromMemory, queries } = await recordQueries(() =>
        documentFrequencies(db, agentId, terms, snapshot),
      );
      expect(queries).toEqual([]);
      expect(fromMemory).toEqual(fromStatements);
      // The cases that matter, spelled out: a prefix's forms, a prefix with more forms than are listed, and
      // one that ends outside ASCII (the column's byte order puts its longer forms out of its range).
      expect(fromMemory.n).toBe(PASSAGES.length);
      expect(fromMemory.df.get("gio")).toBe(1);
      expect(fromMemory.forms.get("hour")).toEqual(["hour", "hourly", "hours"]);
      expect(fromMemory.forms.get("book")).toBeNull();
      expect(MAX_FORMS).toBeLessThan(10);
      expect(fromMemory.forms.get("bookc")).toEqual(["bookcase"]);
      expect(fromMemory.forms.get("bookж")).toEqual([]);
      expect(fromMemory.df.get("bookжурнал")).toBe(1);
    });

    it("is used only for the stamp it was read at, loads in the background, and then costs no statement", async () => {
      const { db } = database();
      const agentId = await seedAgent(db);
      await learnTexts(db, agentId, PASSAGES);
      const first = await corpusVersion(db, agentId);
      expect(first).not.toBeNull();
      // Not in memory yet: the caller counts through statements while it loads.
      expect(vocabularySnapshot(db, agentId, first)).toBeNull();
      await vi.waitFor(() => expect(vocabularySnapshot(db, agentId, first)?.version).toBe(first));

      const ask = (query: string, version: number | null) =>
        recordQueries(() => searchPassages(db, { agentId, query, embedder: null, corpusVersion: version }));
      const withSnapshot = await ask("bookshop bookcase", first);
      expect(withSnapshot.queries.filter((q) => /passage_terms/.test(q.text))).toEqual([]);
      const without = await ask("bookshop bookcase", null);
      expect(without.queries.some((q) => /passage_terms/.test(q.text))).toBe(true);
      expect(withSnapshot.result).toEqual(without.result);
      expect(withSnapshot.result[0]?.content).toContain("bookshop");

      // A document learned changes the stamp: the old snapshot never answers for it, and its new word is
      // found at once.
      await learnTexts(db, agentId, ["Zebras graze near the bookshop."], { name: "zebra.txt" });
      const second = await corpusVersion(db, agentId);
      expect(second).not.toBe(first);
      expect(vocabularySnapshot(db, agentId, second)).toBeNull();
      const zebra = await ask("zebras", second);
      expect(zebra.result.map((h) => h.content)).toEqual(["Zebras graze near the bookshop."]);
      expect(zebra.queries.some((q) => /passage_terms/.test(q.text))).toBe(true);
    });

    it("holds no agent without passages or with more terms than its limit", async () => {
      const { db } = database();
      const empty = await seedAgent(db);
      expect(await readVocabularySnapshot(db, empty)).toBeNull();
      const agentId = await seedAgent(db);
      await learnTexts(db, agentId, ["one two three four"]);
      // Four words and the passage count: five terms.
      expect((await readVocabularySnapshot(db, agentId, 5))?.terms).toEqual([
        "",
        "four",
        "one",
        "three",
        "two",
      ]);
      expect(await readVocabularySnapshot(db, agentId, 4)).toBeNull();
    });
  });
}
