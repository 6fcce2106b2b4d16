"use client";

import { useId, useMemo } from "react";
import { useLiteT } from "@/lib/i18n/lite";
import type { Citations } from "./markdown";

/** The link between an answer's [n] and its sources list: one id prefix per answer. */
export function useCitations(count: number): Citations {
  const t = useLiteT("chatUi");
  const prefix = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  return useMemo(
    () => ({ count, prefix: `a${prefix}`, label: (n: number) => t("citation", { n }) }),
    [count, prefix, t],
  );
}
