"use client";

import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from "react";

export type OpenedBy = "pointer" | "keyboard";

/**
 * A menu or dialog whose Radix code loads on first use (issue 18: page weight). Until then the page shows
 * the trigger alone, the same button the Radix trigger renders (closed), with `triggerProps` spread on it:
 * pointing at or focusing it fetches the code, pressing it (as Radix's own triggers open: a primary
 * pointer down or Enter, Space or ↓ for a menu; a click for a dialog) opens the real component once loaded,
 * `defaultOpen`, which from then on stays and behaves as Radix does.
 */
export function useLazyTrigger<T>(load: () => Promise<T>, kind: "menu" | "dialog") {
  const [loaded, setLoaded] = useState<{ module: T; by: OpenedBy } | null>(null);
  const [wanted, setWanted] = useState<OpenedBy | null>(null);
  const loading = useRef<Promise<T> | null>(null);
  const fetch = useCallback(() => {
    loading.current ??= load();
    return loading.current;
  }, [load]);

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    fetch().then(
      (module) => live && setLoaded((l) => l ?? { module, by: wanted }),
      // A failed chunk: the next press tries again (and VersionWatcher reloads on a chunk-load error).
      () => {
        loading.current = null;
        if (live) setWanted(null);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, fetch]);

  const preload = () => void fetch().catch(() => {});
  const open = (by: OpenedBy) => setWanted((w) => w ?? by);
  const triggerProps = {
    "aria-haspopup": kind,
    "aria-expanded": false,
    "data-state": "closed",
    onPointerEnter: preload,
    onFocus: preload,
    onTouchStart: preload,
    onPointerDown:
      kind === "menu"
        ? (e: PointerEvent) => {
            if (e.button !== 0 || e.ctrlKey) return;
            e.preventDefault(); // as Radix's trigger: focus stays where it is until the menu takes it
            open("pointer");
          }
        : undefined,
    onKeyDown:
      kind === "menu"
        ? (e: KeyboardEvent) => {
            if (e.key !== "Enter" && e.key !== " " && e.key !== "ArrowDown") return;
            e.preventDefault();
            open("keyboard");
          }
        : undefined,
    onClick: () => open(kind === "menu" ? "pointer" : "keyboard"),
  } as const;
  return { loaded, triggerProps };
}

/**
 * A ref for the DropdownMenuContent of a lazily loaded menu: on its first, `defaultOpen` mount after a key
 * press it moves focus to the first item, as Radix does when its own trigger saw the key (Radix, mounted
 * after the key, has focused the menu itself). Later openings are Radix's own.
 */
export function useFirstOpenFocus(by: OpenedBy) {
  const first = useRef(by === "keyboard");
  return useCallback((menu: HTMLElement | null) => {
    if (!menu || !first.current) return;
    first.current = false;
    const moveIn = () =>
      menu
        .querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')
        ?.focus({ preventScroll: true });
    // Radix focuses the menu itself from an effect, after this ref is set.
    if (menu.contains(document.activeElement)) moveIn();
    else menu.addEventListener("focusin", moveIn, { once: true });
  }, []);
}
