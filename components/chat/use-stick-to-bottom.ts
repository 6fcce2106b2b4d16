"use client";

import { type RefObject, useCallback, useEffect, useRef } from "react";

const NEAR = 96;

/**
 * Keeps the newest message in view while it grows, unless the reader scrolled up to read something:
 * following resumes when they scroll back down, or when they send. `scroller` is the scrolling box, or
 * null when the page itself scrolls.
 */
export function useStickToBottom(
  content: RefObject<HTMLElement | null>,
  scroller: RefObject<HTMLElement | null> | null,
) {
  // Not at first: a fresh page starts at its top (the greeting); sending or loading history starts following.
  const stuck = useRef(false);

  const box = useCallback(
    () => scroller?.current ?? (typeof document === "undefined" ? null : document.scrollingElement),
    [scroller],
  );

  const toBottom = useCallback(() => {
    const el = box();
    if (el) el.scrollTop = el.scrollHeight;
  }, [box]);

  useEffect(() => {
    const el = box();
    if (!el) return;
    const target: HTMLElement | Window = scroller?.current ?? window;
    const onScroll = () => {
      stuck.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR;
    };
    target.addEventListener("scroll", onScroll, { passive: true });
    return () => target.removeEventListener("scroll", onScroll);
  }, [box, scroller]);

  useEffect(() => {
    const el = content.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    // Content grows by deltas, lazy markdown and sources; size changes catch all of them.
    const observer = new ResizeObserver(() => {
      if (stuck.current) toBottom();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [content, toBottom]);

  /** After the reader sends: they want to see the answer. */
  const follow = useCallback(() => {
    stuck.current = true;
    requestAnimationFrame(toBottom);
  }, [toBottom]);

  return { follow };
}
