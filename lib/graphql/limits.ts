import "server-only";
import {
  type DocumentNode,
  type FragmentDefinitionNode,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";

/** Hardening limits: a profile query is a few hundred bytes and three levels deep at most. */
export const MAX_DOCUMENT_BYTES = 10 * 1024;
export const MAX_BODY_BYTES = 64 * 1024;
export const MAX_DEPTH = 8;
/** Fields after fragments are expanded: stops alias floods (e.g. 500 × update_profile in one request). */
export const MAX_FIELDS = 200;
export const MAX_TOKENS = 2000;

export type Shape = { depth: number; fields: number };

/**
 * Depth and field count of one operation with fragments expanded. Introspection fields (`__schema`,
 * `__type`) are left to graphql's own MaxIntrospectionDepthRule, so development tools keep working.
 * A fragment cycle counts as infinitely deep (validation would refuse it anyway).
 */
export function shapeOf(document: DocumentNode, operation: OperationDefinitionNode): Shape {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);

  let fields = 0;
  const walk = (set: SelectionSetNode, depth: number, path: Set<string>): number => {
    let deepest = depth;
    for (const s of set.selections) {
      if (fields > MAX_FIELDS) return deepest;
      if (s.kind === Kind.FIELD) {
        fields++;
        if (s.name.value.startsWith("__") || !s.selectionSet) {
          deepest = Math.max(deepest, depth + 1);
        } else {
          deepest = Math.max(deepest, walk(s.selectionSet, depth + 1, path));
        }
      } else if (s.kind === Kind.INLINE_FRAGMENT) {
        deepest = Math.max(deepest, walk(s.selectionSet, depth, path));
      } else {
        const name = s.name.value;
        const fragment = fragments.get(name);
        if (path.has(name)) return Number.POSITIVE_INFINITY;
        if (fragment)
          deepest = Math.max(deepest, walk(fragment.selectionSet, depth, new Set(path).add(name)));
      }
    }
    return deepest;
  };
  const depth = walk(operation.selectionSet, 0, new Set());
  return { depth, fields };
}
