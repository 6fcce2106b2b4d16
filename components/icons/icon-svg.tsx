import { createElement, type ReactNode } from "react";
import type { SvgNode } from "@/lib/shared/svg-body";

/**
 * An icon drawn from its sanitized shapes as React elements, never as markup, so nothing in an icon's body
 * can become HTML. Decorative: the text beside it says what it stands for.
 */
export function IconSvg({
  name,
  nodes,
  width,
  height,
  className,
}: {
  name: string;
  nodes: SvgNode[];
  width: number;
  height: number;
  className?: string;
}) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${width} ${height}`}
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

function drawSvgNode(node: SvgNode, i: number): ReactNode {
  return createElement(node.tag, { key: i, ...node.attrs }, ...node.children.map(drawSvgNode));
}
