import { iconSubset } from "@/lib/icons/collection";
import { ICON_PREFIX } from "@/lib/shared/icons";
import { sanitizeSvgBody } from "@/lib/shared/svg-body";
import { IconSvg } from "./icon-svg";

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
    <IconSvg
      name={name}
      nodes={nodes}
      width={icon.width ?? collection.width ?? 24}
      height={icon.height ?? collection.height ?? 24}
      className={className}
    />
  );
}
