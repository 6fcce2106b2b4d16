/**
 * The website widget's settings (BEYOND-1), shared by the setup form, the API contract and the server. No
 * imports: the browser bundle takes this file.
 */

export const widgetPositions = ["right", "left"] as const;
export type WidgetPosition = (typeof widgetPositions)[number];

export type WidgetSettings = {
  /** The launcher's colour, `#rrggbb`. */
  color: string;
  position: WidgetPosition;
  /** Words beside the launcher's icon; null for the icon alone. */
  label: string | null;
  /** Opens the chat as soon as the host page loads (otherwise on the visitor's click). */
  open_on_load: boolean;
  /** Leaves out "Powered by AgentCity", where the owner's plan allows it (otherwise it shows anyway). */
  hide_branding: boolean;
};

export const WIDGET_DEFAULTS: WidgetSettings = {
  color: "#2563eb",
  position: "right",
  label: null,
  open_on_load: false,
  hide_branding: false,
};

export const widgetLimits = { label: 40, domains: 30, domain: 253 } as const;

export const COLOR_SHAPE = /^#[0-9a-f]{6}$/;

/** Whatever was stored (an older shape, a hand-edited row) read as complete settings. */
export function widgetSettingsOf(stored: unknown): WidgetSettings {
  const s = (stored && typeof stored === "object" ? stored : {}) as Partial<Record<string, unknown>>;
  const color = typeof s.color === "string" && COLOR_SHAPE.test(s.color) ? s.color : WIDGET_DEFAULTS.color;
  const position = s.position === "left" ? "left" : "right";
  const label =
    typeof s.label === "string" && s.label.trim() ? s.label.trim().slice(0, widgetLimits.label) : null;
  return {
    color,
    position,
    label,
    open_on_load: s.open_on_load === true,
    hide_branding: s.hide_branding === true,
  };
}

/**
 * Text that reads on `color` (`#rrggbb`): white unless the colour is light enough that near-black reads
 * better, by WCAG's contrast ratio (a yellow or light-green launcher colour gets dark text).
 */
export function textOnColor(color: string): "#ffffff" | "#111111" {
  const channel = (i: number) => {
    const c = Number.parseInt(color.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (0.0056 + 0.05); // #111111's luminance is 0.0056
  return onWhite >= onDark ? "#ffffff" : "#111111";
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A host pattern as an owner may type it ("https://Shop.example.com/page", "*.example.com", "localhost:3000")
 * reduced to what is compared: a lower-case host name, optionally behind `*.`. Ports, schemes and paths
 * are dropped (a site is its host name here); null when nothing sensible is left.
 */
export function normalizeHostPattern(input: string): string | null {
  let text = input.trim().toLowerCase();
  if (!text || text.length > widgetLimits.domain + 10) return null;
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, "");
  text = text
    .replace(/[/?#].*$/, "")
    .replace(/:\d*$/, "")
    .replace(/\.$/, "");
  const wildcard = text.startsWith("*.");
  const host = wildcard ? text.slice(2) : text;
  if (!host || host.length > widgetLimits.domain) return null;
  let ascii: string;
  try {
    // The URL parser turns an internationalised name into its punycode, as browsers report origins.
    ascii = new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
  // The parser may also rewrite an ASCII name ("1.2.3" → "1.2.0.3"): only a non-ASCII name may change.
  if (ascii !== host && !/[^\p{ASCII}]/u.test(host)) return null;
  const labels = ascii.split(".");
  if (!labels.every((l) => LABEL.test(l))) return null;
  // "*.com" would allow a whole top-level domain: a wildcard needs at least two labels under it.
  if (wildcard && labels.length < 2) return null;
  return wildcard ? `*.${ascii}` : ascii;
}

/** Whether a host name (as in an origin) is one of the patterns; no patterns means any host. */
export function hostAllowed(host: string, patterns: readonly string[]): boolean {
  if (patterns.length === 0) return true;
  const h = host.toLowerCase().replace(/\.$/, "");
  return patterns.some((p) => (p.startsWith("*.") ? h.endsWith(p.slice(1)) : h === p));
}
