import { HOTKEY_LABEL } from "./toaster-settings";

/**
 * The public chat pages' toast region (SHELL-7), drawn by the server so it is there before any script: the
 * empty, labelled live region sonner itself renders when there is nothing to show. It also carries what
 * lite-shell-start.tsx needs to recover from a deployment: this page's build, how often to look for a new
 * one, and the new-version notice in the page's language.
 */
export function LiteToastRegion({
  label,
  buildId,
  pollSeconds,
  newVersion,
  reload,
}: {
  label: string;
  buildId: string;
  pollSeconds: number;
  newVersion: string;
  reload: string;
}) {
  return (
    <section
      aria-label={`${label} ${HOTKEY_LABEL}`}
      tabIndex={-1}
      aria-live="polite"
      aria-relevant="additions text"
      aria-atomic="false"
      data-toast-region={label}
      data-build-id={buildId}
      data-poll-seconds={pollSeconds}
      data-new-version={newVersion}
      data-reload={reload}
    />
  );
}
