import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Every message key the code names exists in both catalogues (issue 43: "the errors.plan_beginner plan"
 * reached paying owners). Checked by `next build` (next.config.ts) and by tests/unit/message-keys.test.ts.
 * Read from the sources: each translator the code makes (`useTranslations("ns")`, `getTranslations("ns")`,
 * `useLiteT("ns")`) and each call of it with a literal key, plus each `translate` with a literal full key.
 * A key built at run time (`t(\`device.${kind}\`)`) cannot be read here: its fixed part must at least name a group of
 * messages in both languages, and the values it is built from are tested where they are made
 * (tests/unit/ingest-agent-limits.test.ts walks every plan reason).
 */
type Tree = { [key: string]: string | Tree };
export type MessageKeyUse = { file: string; key: string; prefix: boolean };

export const MESSAGE_SOURCE_DIRS = ["app", "components", "lib"] as const;
export const LOCALES = ["en", "vi"] as const;

const BINDINGS = [
  /const (\w+) = (?:await )?(?:useTranslations|getTranslations|useLiteT)\(\s*"([\w.]+)"\s*\)/g,
  /const (\w+) = await getTranslations\(\{[^}]*namespace: "([\w.]+)"[^}]*\}\)/g,
];

/** The keys a file names: literal keys in full, and the fixed parts of keys built from a template. */
export function messageKeysIn(file: string, text: string): MessageKeyUse[] {
  const bindings: { at: number; name: string; ns: string }[] = [];
  for (const re of BINDINGS)
    for (const m of text.matchAll(re)) bindings.push({ at: m.index, name: m[1]!, ns: m[2]! });
  // The translator a name stands for at a place: the nearest binding of that name above it.
  const nsAt = (name: string, pos: number) =>
    bindings.filter((b) => b.name === name && b.at < pos).sort((a, b) => b.at - a.at)[0]?.ns;
  const uses: MessageKeyUse[] = [];
  for (const m of text.matchAll(/\b(\w+)(?:\.(?:rich|markup|raw))?\(\s*"([\w.]+)"/g)) {
    const ns = nsAt(m[1]!, m.index);
    if (ns) uses.push({ file, key: `${ns}.${m[2]}`, prefix: false });
  }
  for (const m of text.matchAll(/\b(\w+)(?:\.(?:rich|markup|raw))?\(\s*`([\w.]*)\$\{/g)) {
    const ns = nsAt(m[1]!, m.index);
    const fixed = m[2]!.replace(/\.$/, "");
    if (ns) uses.push({ file, key: fixed ? `${ns}.${fixed}` : ns, prefix: true });
  }
  for (const m of text.matchAll(/\btranslate\(\s*[\w.()]+,\s*"([\w.]+)"/g))
    uses.push({ file, key: m[1]!, prefix: false });
  for (const m of text.matchAll(/\btranslate\(\s*[\w.()]+,\s*`([\w.]*)\$\{/g)) {
    const fixed = m[1]!.replace(/\.$/, "");
    if (fixed) uses.push({ file, key: fixed, prefix: true });
  }
  return uses;
}

function sources(root: string, dir: string): { file: string; text: string }[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => {
      const file = path.join(e.parentPath, e.name);
      return { file: path.relative(root, file), text: readFileSync(file, "utf8") };
    });
}

const at = (tree: Tree, key: string): string | Tree | undefined => {
  let node: string | Tree | undefined = tree;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return node;
};

/** Every key the sources under `root` name. */
export function messageKeyUses(root: string): MessageKeyUse[] {
  return MESSAGE_SOURCE_DIRS.flatMap((dir) => sources(root, dir)).flatMap(({ file, text }) =>
    messageKeysIn(file, text),
  );
}

/** "file: key" for each use the catalogue lacks (a built key's fixed part must be a group of messages). */
export function missingIn(catalogue: Tree, uses: MessageKeyUse[]): string[] {
  const missing = uses
    .filter((u) =>
      u.prefix ? typeof at(catalogue, u.key) !== "object" : typeof at(catalogue, u.key) !== "string",
    )
    .map((u) => `${u.file}: ${u.key}${u.prefix ? ".…" : ""}`);
  return [...new Set(missing)];
}

/** For the build: throws, naming each missing key per language, when any is missing. */
export function assertMessageKeys(root: string): void {
  const uses = messageKeyUses(root);
  const problems = LOCALES.flatMap((locale) => {
    const catalogue = JSON.parse(readFileSync(path.join(root, "messages", `${locale}.json`), "utf8")) as Tree;
    return missingIn(catalogue, uses).map((m) => `messages/${locale}.json lacks ${m}`);
  });
  if (problems.length > 0)
    throw new Error(`Message keys used in the code but missing:\n  ${problems.join("\n  ")}`);
}
