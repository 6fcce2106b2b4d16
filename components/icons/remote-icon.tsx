"use client";

import { type ReactNode, useEffect, useState } from "react";
import { loadIcon } from "@/lib/client/icons";
import { ICON_PREFIX } from "@/lib/shared/icons";
import { type SvgNode, sanitizeSvgBody } from "@/lib/shared/svg-body";
import { IconSvg } from "./icon-svg";

type Drawn = { nodes: SvgNode[]; width: number; height: number };

/**
 * An icon of the icon collection by name, loaded from the icon host (the app's own, or ICON_HOST) and drawn
 * from its sanitized shapes as React elements; `fallback` while it loads and when it cannot be had.
 */
export function RemoteIcon({
  name,
  host,
  fallback,
  className,
}: {
  name: string;
  host: string | null;
  fallback: ReactNode;
  className?: string;
}) {
  const [drawn, setDrawn] = useState<Drawn | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    setDrawn(undefined);
    void loadIcon(host, ICON_PREFIX, name).then((loaded) => {
      if (!live) return;
      const nodes = loaded ? sanitizeSvgBody(loaded.icon.body) : null;
      setDrawn(loaded && nodes ? { nodes, width: loaded.width, height: loaded.height } : null);
    });
    return () => {
      live = false;
    };
  }, [name, host]);
  if (!drawn) {
    return (
      <span className="contents" data-icon={name} data-icon-state={drawn === null ? "fallback" : "loading"}>
        {fallback}
      </span>
    );
  }
  return (
    <IconSvg
      name={name}
      nodes={drawn.nodes}
      width={drawn.width}
      height={drawn.height}
      className={className}
    />
  );
}
