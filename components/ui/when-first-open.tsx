"use client";

import { type ComponentType, lazy, Suspense, useState } from "react";

/**
 * A controlled dialog whose code (Radix's Dialog: focus trap, scroll lock, the rest of the page hidden from
 * screen readers) loads the first time it opens rather than with the page (issue 18: page weight). Until
 * Call it at a module's top level. Until
 * then it renders nothing, as a closed dialog does; once loaded it stays mounted and behaves as before.
 */
export function whenFirstOpen<P extends { open?: boolean }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  // Called once per dialog, at a module's top level (never during a render), like React.lazy itself.
  // biome-ignore lint/correctness/noComponentHookFactories: see above
  return function WhenFirstOpen(props: P) {
    const [opened, setOpened] = useState(Boolean(props.open));
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
