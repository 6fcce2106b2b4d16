import type { Metadata, ResolvingMetadata } from "next";
import { getTranslations } from "next-intl/server";
import { ApiOperation } from "@/components/api-docs/api-operation";
import { PageHeader } from "@/components/shell/page-header";
import { pageLocale } from "@/lib/i18n/page";
import { isLocale } from "@/lib/i18n/routing";
import type { Operation } from "@/lib/openapi/document";
import { servedDocument } from "@/lib/openapi/served";
import { titledPageMetadata } from "@/lib/seo/metadata";

const DOCUMENT_PATH = "/api/v1/openapi.json";

/** The title of its tab and shared links: the page's name, then the product's. */
export async function generateMetadata(
  { params }: { params: Promise<{ locale: string }> },
  parent: ResolvingMetadata,
): Promise<Metadata> {
  const { locale } = await params;
  return isLocale(locale) ? titledPageMetadata(locale, "apiDocs.title", parent) : {};
}

/**
 * BEYOND-4: the API reference, rendered on the server from the same OpenAPI document the API serves
 * (so from the route contracts), grouped by area. Summaries and field descriptions come from the
 * contracts in English and are read in the page's language (lib/openapi/texts-vi.ts); the served document
 * stays English.
 */
export default async function ApiDocsPage({ params }: { params: Promise<{ locale: string }> }) {
  const locale = await pageLocale(params);
  const t = await getTranslations("apiDocs");
  const doc = servedDocument();
  const byTag = new Map<string, { method: string; path: string; op: Operation }[]>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = op.tags[0] ?? "site";
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, op }]);
    }
  }
  const tagLabel = (tag: string) => (t.has(`tags.${tag}`) ? t(`tags.${tag}` as "tags.agent") : tag);
  const tags = doc.tags.map((tag) => tag.name).filter((name) => byTag.has(name));
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <PageHeader title={t("title")} subtitle={t("intro")} />
      <p className="mb-8 text-sm">
        {/* A plain link: the document is an API response, not a localized page. */}
        <a className="font-medium text-primary underline-offset-4 hover:underline" href={DOCUMENT_PATH}>
          {t("document")}
        </a>{" "}
        <span className="text-muted-foreground">
          (<code className="font-mono">{DOCUMENT_PATH}</code>) {t("documentHint")}
        </span>
      </p>
      <section id="authentication" className="mb-10 space-y-3">
        <h2 className="text-xl font-semibold">{t("authTitle")}</h2>
        <p>{t("authSession")}</p>
        <p>{t("authApiKey")}</p>
        <p className="text-muted-foreground">{t("authErrors")}</p>
      </section>
      <nav aria-label={t("contents")} className="mb-10">
        <h2 className="mb-2 text-sm font-medium text-muted-foreground">{t("contents")}</h2>
        <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          {tags.map((tag) => (
            <li key={tag}>
              <a className="hover:underline" href={`#tag-${tag}`}>
                {tagLabel(tag)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {tags.map((tag) => (
        <section key={tag} id={`tag-${tag}`} className="mb-10 scroll-mt-20">
          <h2 className="mb-2 text-xl font-semibold">{tagLabel(tag)}</h2>
          {byTag.get(tag)!.map(({ method, path, op }) => (
            <ApiOperation key={op.operationId} method={method} path={path} op={op} doc={doc} lang={locale} />
          ))}
        </section>
      ))}
    </div>
  );
}
