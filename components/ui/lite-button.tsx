import type { ComponentProps } from "react";
import { type ButtonSize, type ButtonVariant, buttonClass } from "./button-classes";

/**
 * The site's button look with no Radix slot, cva, tailwind-merge or clsx: for the pages every visitor opens.
 * `className` adds layout (margins, width), never a colour or size the variant already sets; for a link
 * drawn as a button, use buttonClass() on the link.
 */
export function LiteButton({
  variant,
  size,
  className,
  type = "button",
  ...props
}: ComponentProps<"button"> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return (
    <button
      type={type}
      data-slot="button"
      className={className ? `${buttonClass(variant, size)} ${className}` : buttonClass(variant, size)}
      {...props}
    />
  );
}
