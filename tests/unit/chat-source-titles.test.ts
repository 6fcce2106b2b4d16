import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resolveSources } from "@/lib/chat/sources";
import { crawlPages, documents } from "@/lib/db/schema";
import { replacePassages } from "@/lib/retrieval/passages";
import type { SearchHit } from "@/lib/retrieval/search";
import { corpusVersion } from "@/lib/retrieval/search-cache";
import { recordQueries } from "../helpers/recording-db";
import {
  backendDatabase,
  backends,
  learnTexts,
  seedAgent,
  seedDocument,
  seedPage,
} from "../helpers/retrieval-db";

/**
 * The titles and addresses under an answer's sources: each document's and page's remembered under the
 * agent's corpus stamp, so a question whose passages come from documents an earlier one found reads none.
 */
const hit = (documentId: string, pageId: string | null = null, passageId = 1): SearchHit => ({
  passageId,
  documentId,
  pageId,
  heading: null,
  content: "text",
  score: 1,
});

for (const backend of backends) {
  describe(`source titles on ${backend}`, () => {
    const database = backendDatabase(backend);

    it("reads each document once per stamp, names pages by their title or address, and drops what is gone", async () => {
      const { db } = database();
      const agentId = await seedAgent(db);
      const menu = await seedDocument(db, agentId, "menu.pdf");
      const site = await seedDocument(db, agentId, "example.com");
      await db.update(documents).set({ sourceUrl: "https://example.com" }).where(eq(documents.id, site));
      const about = await seedPage(db, site, "https://example.com/about");
      await db.update(crawlPages).set({ title: "About us" }).where(eq(crawlPages.id, about));
      const contact = await seedPage(db, site, "https://example.com/contact");
      await replacePassages(db, {
        agentId,
        documentId: menu,
        passages: [{ heading: null, content: "Phở bò 50.000đ." }],
      });
      const version = await corpusVersion(db, agentId);
      expect(version).not.toBeNull();

      const first = await recordQueries(() =>
        resolveSources(db, agentId, [hit(menu), hit(site, about, 2)], version),
      );
      expect(first.result.map((s) => [s.key, s.title, s.url])).toEqual([
        [menu, "menu.pdf", null],
        [about, "About us", "https://example.com/about"],
      ]);
      expect(first.queries.length).toBe(2);

      // The same documents in another combination, and one page not seen before: only that page is read.
      const second = await recordQueries(() =>
        resolveSources(db, agentId, [hit(site, contact, 3), hit(menu), hit(site, about, 2)], version),
      );
      expect(second.result.map((s) => [s.key, s.title, s.url])).toEqual([
        [contact, "https://example.com/contact", "https://example.com/contact"],
        [menu, "menu.pdf", null],
        [about, "About us", "https://example.com/about"],
      ]);
      expect(second.queries.map((q) => q.text)).toEqual([expect.stringMatching(/crawl_pages/)]);
      expect(second.queries[0]!.params).toEqual([contact]);

      // Remembered documents cost no statement at all.
      const third = await recordQueries(() =>
        resolveSources(db, agentId, [hit(site, about, 2), hit(menu)], version),
      );
      expect(third.queries).toEqual([]);
      expect(third.result.map((s) => s.title)).toEqual(["About us", "menu.pdf"]);

      // A document removed takes its passages, so the stamp moves: it is read again and dropped.
      await db.delete(documents).where(eq(documents.id, menu));
      const after = await corpusVersion(db, agentId);
      expect(after).not.toBe(version);
      const gone = await resolveSources(db, agentId, [hit(menu), hit(site, about, 2)], after);
      expect(gone.map((s) => s.title)).toEqual(["About us"]);
    });

    it("never names another agent's document, remembered or not", async () => {
      const { db } = database();
      const agentId = await seedAgent(db);
      const stranger = await seedAgent(db);
      const theirs = await learnTexts(db, stranger, ["Kế hoạch."], { name: "secret-plan.pdf" });
      const mine = await learnTexts(db, agentId, ["Của tôi."], { name: "mine.txt" });
      // The stranger's own answer remembers its title under its own stamp.
      const theirVersion = await corpusVersion(db, stranger);
      expect((await resolveSources(db, stranger, [hit(theirs)], theirVersion)).map((s) => s.title)).toEqual([
        "secret-plan.pdf",
      ]);
      const version = await corpusVersion(db, agentId);
      for (const v of [version, null]) {
        const found = await resolveSources(db, agentId, [hit(theirs), hit(mine, null, 2)], v);
        expect(found.map((s) => s.title)).toEqual(["mine.txt"]);
      }
    });
  });
}
