"use client";

import { useEffect, useState } from "react";

/** Renders once, then throws an Error with a message while rendering in the browser (not on the server). */
export function ThrowsInBrowser() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (mounted) throw new Error("The error probe broke in the browser.");
  return <p>…</p>;
}
