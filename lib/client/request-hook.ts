/**
 * What every request of this page adds and reads back, when the page needs it: the widget's frame sends its
 * visitor id from its own storage, as third-party cookies may be blocked (components/widget/frame-visitor.ts).
 * Its own tiny module: the frame sets it on load, while lib/client/http.ts (which reads it) loads only with
 * the first question.
 */
export type RequestHook = { headers(): Record<string, string>; received(res: Response): void };

let current: RequestHook | null = null;

export function setRequestHook(hook: RequestHook | null): void {
  current = hook;
}

export function requestHook(): RequestHook | null {
  return current;
}
