/**
 * What Enter does in the chat composer (CHAT-6). Vietnamese input methods (Telex, VNI) and other IMEs use
 * Enter to commit the word being composed; that Enter must never send. Browsers disagree on how to say
 * "composing": `isComposing` (standard), keyCode 229 (Chrome, and Safari for the committing keydown), and
 * Safari fires compositionend *before* the committing keydown, so a keydown in the same turn as a
 * compositionend is treated as part of the composition too.
 */

export type EnterKeyState = {
  key: string;
  shiftKey: boolean;
  isComposing: boolean;
  keyCode: number;
  /** a compositionend happened and no task has run since (see useComposerKeys) */
  compositionJustEnded: boolean;
};

export type EnterAction = "send" | "newline" | "compose" | "other";

export function enterAction(e: EnterKeyState): EnterAction {
  if (e.isComposing || e.keyCode === 229 || (e.key === "Enter" && e.compositionJustEnded)) return "compose";
  if (e.key !== "Enter") return "other";
  return e.shiftKey ? "newline" : "send";
}
