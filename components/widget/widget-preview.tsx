"use client";

import { useTranslations } from "next-intl";
import type { WidgetSettings } from "@/lib/shared/widget";

/** The launcher as a visitor will see it in the corner of the owner's site, following the form as it changes. */
export function WidgetPreview({ widget, name }: { widget: WidgetSettings; name: string }) {
  const t = useTranslations("widgetSetup");
  const color = /^#[0-9a-f]{6}$/.test(widget.color) ? widget.color : "#2563eb";
  const side = widget.position === "left" ? "left-4" : "right-4";
  return (
    <figure className="grid content-start gap-2" data-testid="widget-preview">
      <figcaption className="font-medium text-sm">{t("preview")}</figcaption>
      <div className="relative h-96 overflow-hidden rounded-xl border bg-muted/40" aria-hidden="true">
        <div className="grid gap-2 p-4">
          <div className="h-3 w-2/3 rounded bg-muted" />
          <div className="h-3 w-1/2 rounded bg-muted" />
          <div className="h-3 w-3/5 rounded bg-muted" />
        </div>
        {widget.open_on_load && (
          <div className={`absolute bottom-20 ${side} w-56 rounded-xl border bg-background p-3 shadow-lg`}>
            <p className="truncate font-semibold text-sm">{name}</p>
            <div className="mt-2 h-16 rounded-lg bg-muted" />
          </div>
        )}
        <div
          className={`absolute bottom-4 ${side} flex h-14 min-w-14 items-center justify-center gap-2 rounded-full px-4 font-medium text-sm text-white shadow-lg`}
          style={{ background: color }}
        >
          <svg
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
          </svg>
          {widget.label && <span className="max-w-40 truncate">{widget.label}</span>}
        </div>
      </div>
    </figure>
  );
}
