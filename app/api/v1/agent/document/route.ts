import { contracts } from "@/lib/contracts";
import { ApiError } from "@/lib/http/errors";
import { addFiles, addText, addWebsite } from "@/lib/ingest/add";
import { readUpload } from "@/lib/ingest/upload";
import { route } from "@/lib/server/route";
import { trainingContext } from "@/lib/server/training";

/** Always `{accepted, rejected}`: one bad file never costs the others. */
export const POST = route(contracts.addDocuments, async (ctx) => {
  const training = await trainingContext(ctx, ctx.locale);
  if ((ctx.req.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/")) {
    const upload = await readUpload(ctx.req, {
      maxFileBytes: training.limits.maxFileBytes,
      maxFiles: training.limits.maxFilesPerUpload,
    });
    return ctx.ok(await addFiles(training.add, upload.files, upload.rejected));
  }
  const input = await ctx.body();
  if (input.type === "text") return ctx.ok(await addText(training.add, input.title, input.content));
  const result = await addWebsite(training.add, input.url, training.config.CRAWLER_ALLOW_PRIVATE);
  if ("message" in result) {
    throw new ApiError("validation_failed", "site_refused", {}, { url: result.message });
  }
  return ctx.ok(result);
});
