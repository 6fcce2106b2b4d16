import "./zod-mode";
import { z } from "zod";

/**
 * The one error shape of the API: {error: {status, message, detail, fields?}}. `message` is a stable
 * lower-case code clients branch on; `detail` is for people, translated.
 */
export const errorSchema = z.object({
  error: z.object({
    status: z.number(),
    message: z.string().describe("a stable code: unauthorized, validation_failed, not_found, …"),
    detail: z.string().describe("a sentence in the request's language"),
    fields: z.record(z.string(), z.string()).optional().describe("per-field reasons of a 422"),
  }),
});
export type ErrorBody = z.infer<typeof errorSchema>;
