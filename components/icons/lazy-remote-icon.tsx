"use client";

import { lazy, type ReactNode, Suspense } from "react";

// The loader and the sanitizer come with the first icon shown, not with the page (the public chat's budget).
const RemoteIcon = lazy(() => import("./remote-icon").then((m) => ({ default: m.RemoteIcon })));

/** RemoteIcon, its code loaded when first drawn; the fallback until then. */
export function LazyRemoteIcon(props: {
  name: string;
  host: string | null;
  fallback: ReactNode;
  className?: string;
}) {
  return (
    <Suspense fallback={props.fallback}>
      <RemoteIcon {...props} />
    </Suspense>
  );
}
