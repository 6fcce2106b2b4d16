/**
 * The button's look as plain class lists, shared by the site's Button (cva + lib/ui/cn's merging, for callers that
 * override classes) and LiteButton (the public chat and error pages, which keep both libraries out of a
 * visitor's download).
 */
export const BUTTON_BASE =
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-all outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4 touch:min-h-11 touch:min-w-11";

export const BUTTON_VARIANTS = {
  default: "bg-primary text-primary-foreground shadow-sm hover:bg-primary/90",
  destructive: "bg-destructive text-white shadow-sm hover:bg-destructive/90",
  outline: "border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground",
  secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
  ghost: "hover:bg-accent hover:text-accent-foreground",
  link: "text-primary underline-offset-4 hover:underline",
} as const;

export const BUTTON_SIZES = {
  default: "h-10 px-4 py-2",
  sm: "h-8 rounded-md px-3",
  lg: "h-11 rounded-lg px-6 text-base",
  icon: "size-10",
  /** the small square of the chat's message actions (copy, rate) */
  "icon-sm": "size-8",
} as const;

export type ButtonVariant = keyof typeof BUTTON_VARIANTS;
export type ButtonSize = keyof typeof BUTTON_SIZES;

/** Classes of a button (or a link drawn as one) without merging: extra classes must not restate these. */
export function buttonClass(variant: ButtonVariant = "default", size: ButtonSize = "default"): string {
  return `${BUTTON_BASE} ${BUTTON_VARIANTS[variant]} ${BUTTON_SIZES[size]}`;
}
