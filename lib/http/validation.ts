import "server-only";
import type { z } from "zod";
import { translate } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/routing";
import type { FieldErrors } from "./errors";

/**
 * zod's issues as short field messages in the request's language. A refinement may name its own text with
 * a message key such as "fields.email" (looked up under errors.).
 */
export function fieldErrors(error: z.ZodError, locale: Locale): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= fieldMessage(issue, locale);
  }
  return fields;
}

function fieldMessage(issue: z.core.$ZodIssue, locale: Locale): string {
  const t = (k: string, v: Record<string, string | number> = {}) =>
    translate(locale, `errors.fields.${k}`, v);
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined || issue.input === null ? t("required") : t("invalid");
    case "too_big":
      return issue.origin === "string"
        ? t("too_long", { max: Number(issue.maximum) })
        : t("too_big", { max: Number(issue.maximum) });
    case "too_small":
      if (issue.origin === "string" && Number(issue.minimum) === 1) return t("required");
      return issue.origin === "string"
        ? t("too_short", { min: Number(issue.minimum) })
        : t("too_small", { min: Number(issue.minimum) });
    case "invalid_format":
      return issue.format === "email" ? t("email") : issue.format === "url" ? t("url") : t("invalid");
    case "invalid_value":
      return t("choice");
    case "unrecognized_keys":
      return t("unknown");
    default:
      return /^fields\.[a-z_]+$/.test(issue.message)
        ? translate(locale, `errors.${issue.message}`)
        : t("invalid");
  }
}

export { maxChars } from "@/lib/contracts/fields";
