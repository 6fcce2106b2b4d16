import { z } from "zod";

/**
 * Icons an owner picks for their agent and its suggested questions, by name within one Iconify-style
 * collection (lucide, served by the app itself at /icons/lucide.json or by ICON_HOST).
 */
export const ICON_PREFIX = "lucide";

/** Iconify's icon and collection names: lower-case words joined by single hyphens. */
export const ICON_NAME_SHAPE = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const ICON_NAME_MAX = 64;
/** The most names one collection request may ask for (a picker's page, a chat's chips). */
export const ICON_REQUEST_MAX = 64;

export const iconNameSchema = z
  .string()
  .trim()
  .max(ICON_NAME_MAX)
  .regex(ICON_NAME_SHAPE)
  .describe("an icon's name in the lucide collection, e.g. `coffee`");

/** One icon of a collection: an SVG body (what goes inside <svg>) and its box when not the collection's. */
export type IconData = { body: string; width?: number; height?: number };
/** Iconify's collection shape, as `GET {host}/{prefix}.json?icons=…` answers it. */
export type IconCollection = {
  prefix: string;
  icons: Record<string, IconData>;
  width?: number;
  height?: number;
};

/**
 * What the picker offers: lucide icons that suit an agent or a question, searchable by name. A short list
 * keeps the picker's code small; any other lucide name works through the API.
 */
export const iconChoices = [
  "bot",
  "message-circle",
  "message-square",
  "circle-question-mark",
  "info",
  "book-open",
  "graduation-cap",
  "school",
  "briefcase",
  "building",
  "building-2",
  "landmark",
  "store",
  "shopping-bag",
  "shopping-cart",
  "tag",
  "receipt",
  "credit-card",
  "wallet",
  "coins",
  "banknote",
  "coffee",
  "cake",
  "croissant",
  "pizza",
  "utensils",
  "wine",
  "beer",
  "apple",
  "leaf",
  "flower",
  "tree-pine",
  "sun",
  "moon",
  "cloud",
  "umbrella",
  "heart",
  "star",
  "smile",
  "user",
  "users",
  "baby",
  "dog",
  "cat",
  "stethoscope",
  "pill",
  "hospital",
  "dumbbell",
  "bike",
  "car",
  "bus",
  "plane",
  "ship",
  "train-front",
  "truck",
  "package",
  "map-pin",
  "map",
  "globe",
  "house",
  "hotel",
  "bed",
  "key",
  "lock",
  "shield",
  "wrench",
  "hammer",
  "paintbrush",
  "palette",
  "camera",
  "music",
  "film",
  "gamepad-2",
  "laptop",
  "smartphone",
  "wifi",
  "phone",
  "mail",
  "calendar",
  "clock",
  "alarm-clock",
  "file-text",
  "scale",
  "gavel",
  "sparkles",
  "rocket",
  "lightbulb",
  "gift",
  "trophy",
  "flag",
  "bell",
  "search",
  "settings",
] as const;
