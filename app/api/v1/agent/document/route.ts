import { z } from "zod";
import { ApiError } from "@/lib/http/errors";
import { handle, jsonLimitFor, ok, parseJson } from "@/lib/http/respond";
import { cleanLine } from "@/lib/http/text-hygiene";
import { maxChars } from "@/lib/http/validation";
import { addFiles, addText, addWebsite } from "@/lib/ingest/add";
import { trainingContext } from "@/lib/ingest/owner";
import { readUpload } from "@/lib/ingest/upload";

const TITLE_MAX = 200;
const SNIPPET_MAX = 200_000;
const URL_MAX = 2048;

const body = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("text"),
    // A title is shown as a document's name: one line, no direction marks.
    title: z.string().overwrite(cleanLine).min(1).pipe(maxChars(TITLE_MAX)),
    content: z.string().trim().min(1).pipe(maxChars(SNIPPET_MAX)),
  }),
  z.object({ type: z.literal("url"), url: z.string().trim().min(1).max(URL_MAX) }),
]);

/** Sized for the longest snippet the schema allows, however its characters are encoded. */
const BODY_LIMIT = jsonLimitFor(TITLE_MAX + SNIPPET_MAX);

/**
 * AGENT-2/3/4: files as multipart (field `files`, many at once), or JSON for a text snippet or a website.
 * Always `{accepted, rejected}`: one bad file never costs the others.
 */
export const POST = handle(async (req) => {
  const ctx = await trainingContext(req);
  if ((req.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/")) {
    const upload = await readUpload(req, {
      maxFileBytes: ctx.limits.maxFileBytes,
      maxFiles: ctx.limits.maxFilesPerUpload,
    });
    return ok(await addFiles(ctx.add, upload.files, upload.rejected));
  }
  const input = await parseJson(req, body, { maxBytes: BODY_LIMIT });
  if (input.type === "text") return ok(await addText(ctx.add, input.title, input.content));
  const result = await addWebsite(ctx.add, input.url, ctx.config.CRAWLER_ALLOW_PRIVATE);
  if ("message" in result) {
    throw new ApiError("validation_failed", "site_refused", {}, { url: result.message });
  }
  return ok(result);
});
