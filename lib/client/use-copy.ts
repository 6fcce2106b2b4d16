import { useState } from "react";

/**
 * Copies text to the clipboard and says so for two seconds; `onFail` when the browser refuses (an insecure
 * page, a denied permission): the text stays on screen to select by hand.
 */
export function useCopy(onFail?: () => void) {
  const [copied, setCopied] = useState(false);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      onFail?.();
    }
  };
  return { copied, copy };
}
