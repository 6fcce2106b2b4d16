/**
 * The site's `toast()`: sonner's API for the calls the site makes, without sonner in any page's first load
 * (issue 18: page weight). The first call loads sonner and mounts its Toaster (AppToaster, in the site's
 * providers); calls made meanwhile are shown once it is there, in order.
 */
import type { ExternalToast, toast as sonnerToast } from "sonner";

type Sonner = typeof sonnerToast;
type Message = Parameters<Sonner["success"]>[0];
type Call = (sonner: Sonner) => void;

let sonner: Sonner | null = null;
const waiting: Call[] = [];
const hosts = new Set<() => void>();

function run(call: Call) {
  if (sonner) return call(sonner);
  waiting.push(call);
  for (const wake of hosts) wake();
}

export const toast = {
  success: (message: Message, data?: ExternalToast) => run((s) => s.success(message, data)),
  error: (message: Message, data?: ExternalToast) => run((s) => s.error(message, data)),
  info: (message: Message, data?: ExternalToast) => run((s) => s.info(message, data)),
  dismiss: (id?: string | number) => run((s) => s.dismiss(id)),
};

/** AppToaster's side: `wake` runs when a toast is waiting for the Toaster (at once if one already is). */
export function onToastWanted(wake: () => void): () => void {
  hosts.add(wake);
  if (waiting.length > 0) wake();
  return () => hosts.delete(wake);
}

/** Called once the Toaster is mounted and listening: shows what waited, and every later toast at once. */
export function toasterReady(ready: Sonner) {
  sonner = ready;
  for (const call of waiting.splice(0)) call(ready);
}
