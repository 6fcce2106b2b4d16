import type { ReactNode } from "react";
import { EmptyLayout } from "./layouts";

/**
 * SHELL-5: one error page, two variants. Shows the status code, the status message and a message
 * for people; the 404 variant also shows the requested path. The icon comes from the caller (a file
 * with a question mark for 404, a crashed server for 500), so the error boundary, which ships with every
 * page, carries only its own.
 */
export function ErrorView(props: {
  status: number;
  icon: ReactNode;
  statusLabel: string;
  title: string;
  message: string;
  path?: { label: string; value: string };
  actions: ReactNode;
}) {
  return (
    <EmptyLayout>
      <main
        id="content"
        data-error-status={props.status}
        className="w-full max-w-lg space-y-6 rounded-2xl border bg-card p-8 text-center shadow-sm"
      >
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-primary/10 text-primary">
          {props.icon}
        </span>
        <div className="space-y-2">
          <p className="text-sm font-semibold tracking-wide text-primary">{props.statusLabel}</p>
          <h1 className="text-2xl font-semibold tracking-tight">{props.title}</h1>
          <p className="text-muted-foreground">{props.message}</p>
        </div>
        {props.path && (
          <p className="break-all rounded-lg bg-muted px-3 py-2 text-left text-sm">
            <span className="text-muted-foreground">{props.path.label}: </span>
            <code data-testid="error-path">{props.path.value}</code>
          </p>
        )}
        <div className="flex flex-wrap justify-center gap-3">{props.actions}</div>
      </main>
    </EmptyLayout>
  );
}
