import type { SVGProps } from "react";

/**
 * The site's icons, drawn inline: lucide's path data (ISC licence, lucide.dev) without lucide-react, whose
 * Icon is a client component (even a server component's lucide icon ships its code to the browser) and
 * whose runtime (~1.7 KB gzipped) every page would load (issue 18: page weight). One file per icon, so a
 * page's script holds only the icons it draws (the bundler keeps every export of a shared module). To add
 * one, copy the `node` of node_modules/lucide-react/dist/esm/icons/<name>.mjs.
 */
export type IconProps = SVGProps<SVGSVGElement>;

export function Svg({ children, ...props }: IconProps) {
  return (
    // Decorative: every use passes aria-hidden (lucide-react's did that itself), or a label.
    // biome-ignore lint/a11y/noSvgWithoutTitle: see above
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      {children}
    </svg>
  );
}
