import "./zod-mode";
import { z } from "zod";
import { isPublicId } from "@/lib/shared/public-id";
import { charCount, cleanLine, cleanText } from "@/lib/shared/text-hygiene";

/** Field helpers the contracts share; the browser takes them too, so only pure imports here. */

/** The largest JSON body a route reads unless its contract says otherwise. */
export const JSON_BODY_LIMIT = 64 * 1024;

/**
 * The body limit for a route whose texts total at most `chars` characters: each may arrive as a \uXXXX
 * escape (6 bytes, what Python's json.dumps sends by default) and covers a 4-byte UTF-8 character too,
 * plus room for keys and other small fields.
 */
export const jsonLimitFor = (chars: number): number => chars * 6 + 8 * 1024;

/**
 * At most `max` characters as people count them (code points): zod's own max counts UTF-16 units, so an
 * emoji would count twice. Reported as zod's own too_big, so the field message is the usual one.
 */
export const maxChars = (max: number) =>
  z.string().superRefine((s, ctx) => {
    if (charCount(s) > max) {
      ctx.addIssue({ code: "too_big", origin: "string", maximum: max, inclusive: true, input: s });
    }
  });

// Names and questions are shown as titles and buttons: one line (lib/shared/text-hygiene.ts says why).
export const line = (max: number) => z.string().overwrite(cleanLine).max(max);
export const block = (max: number) =>
  z
    .string()
    .overwrite((s) => cleanText(s).trim())
    .max(max);

/** A public id (agents, conversations, messages): what shareable URLs carry. */
export const publicId = z.string().refine(isPublicId, { message: "invalid" });

export const instant = z.string().describe("ISO 8601 instant");
export const calendarDay = z.string().describe("calendar day, YYYY-MM-DD");
export const locale = z.enum(["en", "vi"]);
