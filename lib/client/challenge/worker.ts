/// <reference lib="webworker" />
import { type ChallengeSpec, solve } from "./pow";

/** Solves one chat challenge off the page's main thread, so typing and scrolling never stutter. */
self.onmessage = async (event: MessageEvent<ChallengeSpec>) => {
  try {
    self.postMessage({ solution: await solve(event.data) });
  } catch {
    self.postMessage({ solution: null });
  }
};
