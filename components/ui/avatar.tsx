"use client";

import { type ComponentProps, createContext, useContext, useLayoutEffect, useState } from "react";
import { cn } from "@/lib/ui/cn";

/**
 * Radix's Avatar, as the site uses it, in a few lines (it sits in every signed-in page's header: issue 18,
 * page weight): the fallback shows until the image has loaded, and stays when the image fails.
 */
type Status = "idle" | "loading" | "loaded" | "error";
const Loaded = createContext<[Status, (s: Status) => void]>(["idle", () => {}]);

export function Avatar({ className, ...props }: ComponentProps<"span">) {
  const state = useState<Status>("idle");
  return (
    <Loaded.Provider value={state}>
      <span
        data-slot="avatar"
        className={cn("relative flex size-8 shrink-0 overflow-hidden rounded-full", className)}
        {...props}
      />
    </Loaded.Provider>
  );
}

const useIsoLayoutEffect = typeof window === "undefined" ? () => {} : useLayoutEffect;

export function AvatarImage({ className, src, referrerPolicy, alt = "", ...props }: ComponentProps<"img">) {
  const [status, setStatus] = useContext(Loaded);
  useIsoLayoutEffect(() => {
    if (!src || typeof src !== "string") return setStatus("error");
    const image = new window.Image();
    let live = true;
    const done = (s: Status) => () => live && setStatus(s);
    image.onload = done("loaded");
    image.onerror = done("error");
    if (referrerPolicy) image.referrerPolicy = referrerPolicy;
    image.src = src;
    setStatus(image.complete && image.naturalWidth > 0 ? "loaded" : "loading");
    return () => {
      live = false;
      setStatus("idle");
    };
  }, [src, referrerPolicy, setStatus]);
  if (status !== "loaded") return null;
  return (
    // An owner's own picture at any address: next/image would need every host allowed in advance.
    // biome-ignore lint/performance/noImgElement: see above
    <img
      src={src}
      alt={alt}
      referrerPolicy={referrerPolicy}
      className={cn("aspect-square size-full object-cover", className)}
      {...props}
    />
  );
}

/** Shown while the image loads and when it fails (e.g. a broken URL): typically the initials. */
export function AvatarFallback({ className, ...props }: ComponentProps<"span">) {
  const [status] = useContext(Loaded);
  if (status === "loaded") return null;
  return (
    <span
      className={cn(
        "flex size-full items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary uppercase",
        className,
      )}
      {...props}
    />
  );
}
