import { type ClassValue, clsx } from "clsx";

/**
 * Joins class lists and lets a later Tailwind class replace an earlier one of the same kind: `cn("h-10 px-4",
 * className)` with `className="h-auto px-2"` gives "h-auto px-2", as shadcn's components expect. This is
 * what tailwind-merge did, cut down to the utilities Tailwind v4 has that a class list of this code base
 * can hold (~1 KB gzipped instead of its ~10 KB on every signed-in page). A class it does not recognise is
 * never dropped. tests/unit/cn.test.ts holds it to tailwind-merge's answers over every pair of classes
 * written in the sources, so a new utility that it does not know fails there, not on a page.
 */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}

/** Values of the keyword utilities, by the group they set. */
const SIZES = "xs|sm|base|md|lg|xl|[2-9]xl";
const TEXT_SIZE = new RegExp(`^(${SIZES})$`);
const SHADOW = new RegExp(`^(${SIZES}|2xs|none|inner)?$`);
const FONT_WEIGHT = /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$/;
const ALIGN = /^(left|center|right|justify|start|end)$/;
/** A width of a border, ring or outline: none given, a number, or an arbitrary length. */
const WIDTH = /^(\d+|\[\d*\.?\d+(px|rem|em)?\]|\[length:.+\])?$/;
const LINE_STYLE = /^(solid|dashed|dotted|double|hidden|none)$/;

/** Utilities that are one word (or one fixed name), by group. */
const KEYWORDS: Record<string, string> = {};
for (const [group, words] of Object.entries({
  display:
    "block inline-block inline flex inline-flex grid inline-grid contents table table-row table-cell flow-root list-item hidden",
  position: "static fixed absolute relative sticky",
  visibility: "visible invisible collapse",
  "sr-only": "sr-only not-sr-only",
  "text-transform": "uppercase lowercase capitalize normal-case",
  "font-style": "italic not-italic",
  "text-decoration-line": "underline overline line-through no-underline",
  "font-smoothing": "antialiased subpixel-antialiased",
  "text-overflow": "truncate text-ellipsis text-clip",
  "font-variant-numeric": "tabular-nums proportional-nums lining-nums oldstyle-nums normal-nums",
  isolation: "isolate isolation-auto",
  "box-sizing": "box-border box-content",
  "flex-direction": "flex-row flex-row-reverse flex-col flex-col-reverse",
  "flex-wrap": "flex-wrap flex-wrap-reverse flex-nowrap",
  "outline-style": "outline-none outline-hidden outline-dashed outline-dotted outline-double outline-solid",
  "fvn-ordinal": "ordinal",
  "ring-w-inset": "ring-inset",
  "border-collapse": "border-collapse border-separate",
  "text-wrap": "text-wrap text-nowrap text-balance text-pretty",
  transform: "transform transform-cpu transform-gpu transform-none",
})) {
  for (const word of words.split(" ")) KEYWORDS[word] = group;
}

/** Prefixes that are a group of their own whatever the value: `h-10`, `h-auto`, `h-[3px]` are all heights. */
const PLAIN = new Set(
  "backdrop-blur blur leading tracking whitespace break line-clamp z order opacity cursor select pointer-events resize aspect items justify justify-items justify-self content self place-items place-content place-self grid-cols grid-rows col-span row-span col row auto-cols auto-rows grid-flow duration ease delay transition origin scale rotate translate-x translate-y basis grow shrink overflow overflow-x overflow-y overscroll underline-offset decoration align list fill stroke scroll-m scroll-mt scroll-p will-change appearance outline-offset divide-x divide-y space-x space-y gap gap-x gap-y w min-w max-w h min-h max-h size inset inset-x inset-y top right bottom left start end p px py pt pr pb pl ps pe m mx my mt mr mb ml ms me rounded rounded-t rounded-r rounded-b rounded-l rounded-s rounded-e rounded-tl rounded-tr rounded-br rounded-bl".split(
    " ",
  ),
);

/**
 * The group of the utility `<prefix>-<value>`, the value already split off; undefined when unknown.
 * Kinds sharing a prefix (text size / colour / alignment…) are told apart by their value.
 */
function groupOf(prefix: string, value: string): string | undefined {
  const bare = value.replace(/\/[^\]]*$/, ""); // "primary/90" → "primary" (an opacity or line height)
  const arbitrary = /^\[(.*)\]$/.exec(bare)?.[1];
  switch (prefix) {
    case "text":
      if (TEXT_SIZE.test(bare) || (arbitrary && /^(\d|length:)/.test(arbitrary))) return "font-size";
      if (ALIGN.test(bare)) return "text-align";
      return "text-color";
    case "font":
      return FONT_WEIGHT.test(bare) || arbitrary?.startsWith("weight:") ? "font-weight" : "font-family";
    case "bg":
      if (/^(fixed|local|scroll)$/.test(bare)) return "bg-attachment";
      if (/^(auto|cover|contain)$/.test(bare)) return "bg-size";
      if (/^(no-repeat|repeat.*)$/.test(bare)) return "bg-repeat";
      if (/^(center|top|bottom|left|right)(-.*)?$/.test(bare)) return "bg-position";
      if (/^(none|gradient-.*|linear-.*|radial.*|conic.*)$/.test(bare)) return "bg-image";
      if (/^(clip|origin|blend)-/.test(bare)) return `bg-${bare.split("-")[0]}`;
      if (arbitrary && /^(url|image|(repeating-)?(linear|radial|conic)-gradient)\(/.test(arbitrary))
        return "bg-image";
      return "bg-color";
    case "shadow":
      return SHADOW.test(bare) ? "shadow" : "shadow-color";
    case "ring":
      return WIDTH.test(bare) ? "ring-w" : "ring-color";
    case "ring-offset":
      return WIDTH.test(bare) ? "ring-offset-w" : "ring-offset-color";
    case "outline":
      return WIDTH.test(bare) ? "outline-w" : LINE_STYLE.test(bare) ? "outline-style" : "outline-color";
    case "animate":
      // tw-animate-css's `animate-in`/`animate-out` (with fade-in-0, zoom-in-95…) are its own utilities.
      return /^(spin|ping|pulse|bounce|none|\[.*\])$/.test(bare) ? "animate" : undefined;
    case "from":
    case "via":
    case "to":
      return /%$/.test(bare) ? `gradient-${prefix}-pos` : `gradient-${prefix}`;
    case "accent":
      return "accent-color";
    case "flex":
      return "flex";
    case "object":
      return /^(contain|cover|fill|none|scale-down)$/.test(bare) ? "object-fit" : "object-position";
    default:
      if (/^border(-[xytrblse])?$/.test(prefix)) {
        if (WIDTH.test(bare)) return `${prefix}-w`;
        return prefix === "border" && LINE_STYLE.test(bare) ? "border-style" : `${prefix}-color`;
      }
      // Utilities whose prefix alone is their group, whatever the value.
      return PLAIN.has(prefix) ? prefix : undefined;
  }
}

/** Groups a class of the key's group also replaces: `p-4` after `px-2` leaves only `p-4`. */
const SIDES: Record<string, string> = {
  p: "px py pt pr pb pl ps pe",
  px: "pr pl",
  py: "pt pb",
  m: "mx my mt mr mb ml ms me",
  mx: "mr ml",
  my: "mt mb",
  size: "w h",
  inset: "inset-x inset-y top right bottom left start end",
  "inset-x": "right left start end",
  "inset-y": "top bottom",
  gap: "gap-x gap-y",
  overflow: "overflow-x overflow-y",
  rounded:
    "rounded-t rounded-r rounded-b rounded-l rounded-s rounded-e rounded-tl rounded-tr rounded-br rounded-bl",
  "rounded-t": "rounded-tl rounded-tr",
  "rounded-r": "rounded-tr rounded-br",
  "rounded-b": "rounded-br rounded-bl",
  "rounded-l": "rounded-tl rounded-bl",
  "border-w": "border-x-w border-y-w border-t-w border-r-w border-b-w border-l-w border-s-w border-e-w",
  "border-x-w": "border-r-w border-l-w",
  "border-y-w": "border-t-w border-b-w",
  "border-color":
    "border-x-color border-y-color border-t-color border-r-color border-b-color border-l-color border-s-color border-e-color",
  "border-x-color": "border-r-color border-l-color",
  "border-y-color": "border-t-color border-b-color",
  "font-size": "leading",
  flex: "basis grow shrink",
  "line-clamp": "display overflow",
};

/** The longest prefix of a utility that is a known group's, trying "border-x" before "border". */
function classify(utility: string): string | undefined {
  const keyword = KEYWORDS[utility];
  if (keyword) return keyword;
  // An arbitrary property: `[mask-type:luminance]` is of the group `mask-type`.
  const property = /^\[([a-z-]+):.+\]$/.exec(utility)?.[1];
  if (property) return `[${property}]`;
  const name = utility.replace(/^-/, "");
  // A bare prefix that is a whole utility: `border`, `border-t`, `rounded`, `shadow`, `ring`, `grow`…
  const bare = groupOf(name, "");
  if (bare) return bare;
  for (let dash = name.lastIndexOf("-"); dash > 0; dash = name.lastIndexOf("-", dash - 1)) {
    const group = groupOf(name.slice(0, dash), name.slice(dash + 1));
    if (group) return group;
  }
  return undefined;
}

/** Splits "md:hover:[&_svg]:p-2" into its variants and utility, ignoring colons inside brackets. */
function parse(token: string): { variants: string; utility: string; important: boolean } {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < token.length; i++) {
    const c = token[i];
    if (c === "[" || c === "(") depth++;
    else if (c === "]" || c === ")") depth--;
    else if (c === ":" && depth === 0) {
      parts.push(token.slice(start, i));
      start = i + 1;
    }
  }
  let utility = token.slice(start);
  const important = utility.startsWith("!") || utility.endsWith("!");
  if (important) utility = utility.replace(/^!|!$/g, "");
  // Variants in another order are the same variants ("hover:focus:" = "focus:hover:") unless one is
  // arbitrary or a pseudo-element, whose place in the selector matters.
  const variants = parts.some((p) => /^(\[|\*|before$|after$|placeholder$|file$|marker$|selection$)/.test(p))
    ? parts.join(":")
    : parts.sort().join(":");
  return { variants, utility, important };
}

/** The class list with each class that a later one replaces left out; the order otherwise kept. */
export function mergeClasses(classes: string): string {
  const tokens = classes.split(/\s+/).filter(Boolean);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i]!;
    const { variants, utility, important } = parse(token);
    const group = classify(utility);
    if (!group) {
      kept.push(token);
      continue;
    }
    const scope = `${variants}${important ? "!" : ""}|`;
    if (taken.has(scope + group)) continue;
    taken.add(scope + group);
    for (const side of (SIDES[group] ?? "").split(" ")) if (side) taken.add(scope + side);
    kept.push(token);
  }
  return kept.reverse().join(" ");
}
