import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import type { OpenApiDocument, Operation } from "@/lib/openapi/document";
import { responseExample } from "@/lib/openapi/examples";
import { bodyFields, typeLabel } from "@/lib/openapi/fields";
import { docText } from "@/lib/openapi/localize";
import { FieldTable } from "./field-table";

/**
 * One operation of the API reference: what to call, who may, what it takes and how it answers, with an
 * example answer. Its summary and field descriptions are read in the page's language (`lang`).
 */
export async function ApiOperation({
  method,
  path,
  op,
  doc,
  lang,
}: {
  method: string;
  path: string;
  op: Operation;
  doc: OpenApiDocument;
  lang: string;
}) {
  const t = await getTranslations("apiDocs");
  const text = docText(lang);
  const parameters = (op.parameters ?? []).map((p) => ({
    name: p.name,
    in: p.in,
    type: typeLabel(p.schema),
    required: p.required,
    description: text(p.description),
  }));
  const content = op.requestBody?.content ?? {};
  const body = bodyFields(content["application/json"]?.schema).map((f) => ({
    ...f,
    description: text(f.description),
  }));
  const example = responseExample(doc, op);
  const answers = Object.values(op.responses).flatMap((r) =>
    r && typeof r === "object" && "content" in r ? Object.keys((r as { content: object }).content) : [],
  );
  const notes = [
    content["multipart/form-data"] && t("upload"),
    answers.includes("text/event-stream") && t("stream"),
    answers.includes("text/csv") && t("download"),
    "302" in op.responses && t("redirect"),
  ].filter((n): n is string => Boolean(n));
  const errors = Object.keys(op.responses).filter((s) => Number(s) >= 400);
  const keyed = op.security.some((s) => "apiKey" in s);
  const access = op["x-auth"] === "none" ? "none" : op["x-auth"] === "visitor" ? "visitor" : "session";
  return (
    <article id={op.operationId} className="scroll-mt-20 space-y-3 border-t py-6">
      <h3 className="flex flex-wrap items-center gap-2 text-base font-semibold">
        <span className="rounded bg-foreground px-1.5 py-0.5 font-mono text-xs text-background">
          {method.toUpperCase()}
        </span>
        <code className="font-mono break-all">{path}</code>
      </h3>
      <p>{text(op.summary)}</p>
      <p className="flex flex-wrap gap-2">
        <Badge variant="secondary">{t(`auth.${access}`)}</Badge>
        {keyed && <Badge>{t("auth.apiKey")}</Badge>}
      </p>
      {notes.map((note) => (
        <p key={note} className="text-sm text-muted-foreground">
          {note}
        </p>
      ))}
      {parameters.length > 0 && (
        <section className="space-y-1">
          <h4 className="text-sm font-medium">{t("parameters")}</h4>
          <FieldTable rows={parameters} where />
        </section>
      )}
      {body.length > 0 && (
        <section className="space-y-1">
          <h4 className="text-sm font-medium">{t("body")}</h4>
          <FieldTable rows={body} />
        </section>
      )}
      {example !== undefined && (
        <details className="group text-sm">
          {/* A flex summary loses its marker: the arrow is drawn, and turns when open. */}
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-1.5 font-medium">
            <span aria-hidden className="inline-block transition-transform group-open:rotate-90">
              ▸
            </span>
            {t("example")}
          </summary>
          {/* Wrapped, not scrolled sideways: a long id or URL must not widen a phone's page. */}
          <pre className="rounded-md bg-muted p-3 font-mono text-xs whitespace-pre-wrap [overflow-wrap:anywhere]">
            {JSON.stringify(example, null, 2)}
          </pre>
        </details>
      )}
      {errors.length > 0 && (
        <p className="text-sm text-muted-foreground">
          {t("errors")}: {errors.join(", ")}
        </p>
      )}
    </article>
  );
}
