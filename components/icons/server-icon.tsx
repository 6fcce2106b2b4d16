import { iconSubset } from "@/lib/icons/collection";
import { ICON_PREFIX } from "@/lib/shared/icons";
import { sanitizeSvgBody } from "@/lib/shared/svg-body";
import { drawSvgNode } from "./svg-draw";

/**
 * An icon of the app's own collection drawn on the server: the page carries its shapes and no code, for
 * pages with no room for the icon loader (the widget's frame). Null for a name the collection lacks.
 */
export function ServerIcon({ name, className }: { name: string; className?: string }) {
  const collection = iconSubset(ICON_PREFIX, [name]);
  const icon = collection?.icons[name];
  const nodes = icon ? sanitizeSvgBody(icon.body) : null;
  if (!collection || !icon || !nodes) return null;
  return (
    // Decorative: the text beside it says what it stands for.
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${icon.width ?? collection.width ?? 24} ${icon.height ?? collection.height ?? 24}`}
      width="24"
      height="24"
      className={className}
      aria-hidden
      data-icon={name}
      data-icon-state="loaded"
    >
      {nodes.map(drawSvgNode)}
    </svg>
  );
}
