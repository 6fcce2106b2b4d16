import { contracts } from "@/lib/contracts";
import { toListItem } from "@/lib/ingest/documents";
import { crawlNow } from "@/lib/ingest/recrawl-owner";
import { sendRecrawl } from "@/lib/ingest/recrawl-queue";
import { route } from "@/lib/server/route";
import { runtime } from "@/lib/server/runtime";
import { trainingContext } from "@/lib/server/training";

export const POST = route(contracts.recrawlDocument, async (ctx) => {
  const training = await trainingContext(ctx, ctx.locale);
  const rt = await runtime();
  const row = await crawlNow(
    ctx.db,
    ctx.agent.id,
    ctx.params.id,
    training.config.RECRAWL_MIN_INTERVAL_SECONDS,
    {
      recrawl: (id) => sendRecrawl(rt.jobs.boss, id),
      learn: (doc) => training.add.enqueue(doc),
    },
  );
  return ctx.ok(toListItem(row, ctx.locale));
});
