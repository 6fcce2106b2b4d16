import type * as React from "react";
import { Children, cloneElement, isValidElement, type ReactElement } from "react";
import { cn } from "@/lib/ui/cn";
import { type ButtonSize, type ButtonVariant, buttonClass } from "./button-classes";

type Variants = { variant?: ButtonVariant | null; size?: ButtonSize | null; className?: string };

/** The button's classes, with `className` overriding them (what cva + cn gave, without cva on every page). */
export function buttonVariants({ variant, size, className }: Variants = {}): string {
  return cn(buttonClass(variant ?? "default", size ?? "default"), className);
}

type Props = React.ComponentProps<"button"> & Omit<Variants, "className"> & { asChild?: boolean };

/**
 * `asChild` draws its one child (a link, mostly) as the button: the child gets the button's classes and
 * props, its own winning, both its and the button's handlers called (the child's first), as Radix's Slot
 * does; this is that much of it, without Radix's Slot on every signed-in page (issue 18: page weight).
 */
export function Button({ className, variant, size, asChild = false, ...props }: Props) {
  const classes = buttonVariants({ variant, size, className });
  if (asChild) {
    const child = Children.only(props.children);
    if (isValidElement(child)) return slot(child as ReactElement<Record<string, unknown>>, props, classes);
  }
  return <button data-slot="button" className={classes} {...props} />;
}

function slot(child: ReactElement<Record<string, unknown>>, props: Record<string, unknown>, classes: string) {
  const own = child.props;
  const merged: Record<string, unknown> = { "data-slot": "button", ...props, ...own };
  delete merged.children;
  for (const [key, handler] of Object.entries(props)) {
    const theirs = own[key];
    if (/^on[A-Z]/.test(key) && typeof handler === "function" && typeof theirs === "function") {
      merged[key] = (...args: unknown[]) => {
        theirs(...args);
        handler(...args);
      };
    }
  }
  if (props.style || own.style) merged.style = { ...(props.style as object), ...(own.style as object) };
  merged.className = cn(classes, own.className as string | undefined);
  return cloneElement(child, merged);
}
