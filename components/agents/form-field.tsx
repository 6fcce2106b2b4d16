import type { ReactNode } from "react";
import { Label } from "@/components/ui/label";

export type Aria = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/** A native select of the setup form, as tall as the inputs beside it. */
export const selectClassName =
  "h-9 w-full min-w-0 max-w-full truncate rounded-md border border-input bg-transparent px-3 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 touch:h-11 touch:text-base sm:max-w-md";

/** A field's error under it, named so the control can point at it (`aria-describedby`). */
export function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
      {text}
    </p>
  ) : null;
}

/** A labelled control with its hint, optional counter and error, wired for screen readers. */
export function Field(props: {
  id: string;
  label: string;
  hint?: string;
  error: string | undefined;
  counter?: string;
  over?: boolean;
  children: (aria: Aria) => ReactNode;
}) {
  const hintId = `${props.id}-hint`;
  const errorId = `${props.id}-error`;
  const hasError = Boolean(props.error);
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={props.id}>{props.label}</Label>
        {props.counter && (
          <span
            className={`text-xs tabular-nums ${props.over ? "text-destructive" : "text-muted-foreground"}`}
          >
            {props.counter}
          </span>
        )}
      </div>
      {props.children({
        id: props.id,
        "aria-invalid": hasError ? true : undefined,
        "aria-describedby":
          [props.hint ? hintId : "", hasError ? errorId : ""].filter(Boolean).join(" ") || undefined,
      })}
      {props.hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {props.hint}
        </p>
      )}
      <FieldError id={props.id} text={props.error} />
    </div>
  );
}
