import { createElement, type ReactNode } from "react";
import type { SvgNode } from "@/lib/shared/svg-body";

/** Sanitized SVG shapes as React elements: never markup, so nothing in an icon's body can become HTML. */
export function drawSvgNode(node: SvgNode, i: number): ReactNode {
  return createElement(node.tag, { key: i, ...node.attrs }, ...node.children.map(drawSvgNode));
}
