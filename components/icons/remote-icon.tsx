"use client";

import { type ReactNode, useEffect, useState } from "react";
import { loadIcon } from "@/lib/client/icons";
import { ICON_PREFIX } from "@/lib/shared/icons";
import { type SvgNode, sanitizeSvgBody } from "@/lib/shared/svg-body";
import { drawSvgNode } from "./svg-draw";

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
    // Decorative: the text beside it says what it stands for.
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${drawn.width} ${drawn.height}`}
      width="24"
      height="24"
      className={className}
      aria-hidden
      data-icon={name}
      data-icon-state="loaded"
    >
      {drawn.nodes.map(drawSvgNode)}
    </svg>
  );
}
