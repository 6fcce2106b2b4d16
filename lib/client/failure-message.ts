import { ApiClientError } from "./http";

/** The spec's own texts for a failed action (§ user texts): 'Fail!', 'Please try again later', 'An error occurred'. */
export type FailureTexts = { fail: string; tryLater: string; errorOccurred: string };

/**
 * What a toast says when an action fails: 'Fail!', then why: the server's own sentence (already in the
 * reader's language) when it gave one; 'Please try again later' when the server could not be reached or
 * failed on its side; 'An error occurred' otherwise. Never the label of the button that was pressed
 * (issue 43: "Delete", "Make default" and "Cancel subscription" were shown as the failure's message).
 */
export function failureMessage(err: unknown, texts: FailureTexts): { title: string; description: string } {
  if (err instanceof ApiClientError) {
    if (err.detail.trim()) return { title: texts.fail, description: err.detail };
    if (err.status === 0 || err.status >= 500) return { title: texts.fail, description: texts.tryLater };
  }
  return { title: texts.fail, description: texts.errorOccurred };
}
