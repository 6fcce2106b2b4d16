"use client";

import { type ComponentProps, createContext, type KeyboardEvent, useContext } from "react";
import { CircleIcon } from "@/components/icons/lite/circle";
import { cn } from "@/lib/ui/cn";

/**
 * Radix's RadioGroup as the site uses it (controlled, no form submission of its own), in a few lines: the
 * same markup (role="radiogroup", buttons with role="radio", aria-checked and data-state) and keyboard (one
 * Tab stop, on the checked radio; the arrow keys, Home and End move and check, wrapping; Space checks; Enter
 * does nothing), without Radix's roving-focus machinery in the setup page's first load (issue 18).
 */
type Group = { value: string | undefined; onValueChange: (value: string) => void; disabled?: boolean };
const GroupContext = createContext<Group>({ value: undefined, onValueChange: () => {} });

export function RadioGroup({
  className,
  value,
  onValueChange,
  disabled,
  ...props
}: Omit<ComponentProps<"div">, "onChange"> & {
  value: string | undefined;
  onValueChange: (value: string) => void;
  disabled?: boolean;
}) {
  return (
    <GroupContext.Provider value={{ value, onValueChange, disabled }}>
      <div
        role="radiogroup"
        data-slot="radio-group"
        data-disabled={disabled ? "" : undefined}
        className={cn("grid gap-3", className)}
        {...props}
      />
    </GroupContext.Provider>
  );
}

const NEXT: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

function onRadioKey(event: KeyboardEvent<HTMLButtonElement>) {
  if (event.key === "Enter") return event.preventDefault(); // WAI-ARIA: Enter does not check a radio
  const group = event.currentTarget.closest('[role="radiogroup"]');
  if (!group || event.altKey || event.ctrlKey || event.metaKey) return;
  const radios = [...group.querySelectorAll<HTMLButtonElement>('[role="radio"]:not([disabled])')];
  const at = radios.indexOf(event.currentTarget);
  let target: HTMLButtonElement | undefined;
  if (event.key in NEXT) target = radios[(at + NEXT[event.key]! + radios.length) % radios.length];
  else if (event.key === "Home" || event.key === "PageUp") target = radios[0];
  else if (event.key === "End" || event.key === "PageDown") target = radios[radios.length - 1];
  if (!target) return;
  event.preventDefault();
  target.focus();
  target.click();
}

export function RadioGroupItem({
  className,
  value,
  disabled,
  ...props
}: Omit<ComponentProps<"button">, "value"> & { value: string }) {
  const group = useContext(GroupContext);
  const checked = group.value === value;
  const off = disabled || group.disabled;
  // One Tab stop, on the checked radio (the site's groups always have one; with none, each is a stop).
  const none = group.value === undefined || group.value === "";
  return (
    // Radix's markup (a button with role="radio"), which the site's styles and tests know.
    // biome-ignore lint/a11y/useSemanticElements: see above
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      data-state={checked ? "checked" : "unchecked"}
      data-disabled={off ? "" : undefined}
      data-slot="radio-group-item"
      disabled={off}
      value={value}
      tabIndex={checked || none ? 0 : -1}
      onKeyDown={onRadioKey}
      onClick={() => group.onValueChange(value)}
      className={cn(
        "aspect-square size-4 shrink-0 rounded-full border border-input text-primary shadow-xs outline-none transition-[color,box-shadow]",
        "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
        "disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive data-[state=checked]:border-primary",
        className,
      )}
      {...props}
    >
      {checked && (
        <span
          data-state="checked"
          data-slot="radio-group-indicator"
          className="flex items-center justify-center"
        >
          <CircleIcon className="size-2 fill-current" aria-hidden />
        </span>
      )}
    </button>
  );
}
