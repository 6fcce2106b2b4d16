/**
 * What the widget's frame starts once the chat is drawn, in one chunk fetched after the page's own: the
 * conversation with the embedding page, and the public pages' deploy recovery and toaster (the frame's
 * page has no room left in its 140 KB budget for a loader of its own).
 */
export { startLiteShell } from "@/components/shell/lite-shell-start";
export { connectToParent } from "./parent-link";
