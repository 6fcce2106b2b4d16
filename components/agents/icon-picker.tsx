"use client";

import { useTranslations } from "next-intl";
import { type ReactNode, useId, useState } from "react";
import { BotIcon } from "@/components/icons/lite/bot";
import { CircleIcon } from "@/components/icons/lite/circle";
import { RemoteIcon } from "@/components/icons/remote-icon";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { iconChoices } from "@/lib/shared/icons";

/**
 * A small searchable picker of icons from the icon collection (the agent's, a suggested question's): a
 * button showing the chosen icon, which opens a search box and the matching icons below it.
 */
export function IconPicker({
  label,
  value,
  host,
  onChange,
  fallback = <BotIcon className="size-5" aria-hidden />,
}: {
  /** what the icon is for, e.g. "Agent's icon" */
  label: string;
  value: string | null;
  host: string | null;
  onChange: (icon: string | null) => void;
  fallback?: ReactNode;
}) {
  const t = useTranslations("setup.form");
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const words = query
    .trim()
    .toLowerCase()
    .split(/[\s-]+/)
    .filter(Boolean);
  const matches = iconChoices.filter((name) => words.every((w) => name.includes(w)));
  const choose = (icon: string | null) => {
    onChange(icon);
    setOpen(false);
    setQuery("");
  };
  return (
    <div className="relative">
      <Button
        type="button"
        variant="outline"
        size="icon"
        aria-label={value ? t("iconChosen", { label, icon: value }) : t("iconNoneChosen", { label })}
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="icon-picker-button"
        onClick={() => setOpen((o) => !o)}
      >
        {value ? <RemoteIcon name={value} host={host} className="size-5" fallback={fallback} /> : fallback}
      </Button>
      {open && (
        // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the panel from any control in it
        <div
          id={panelId}
          className="absolute left-0 z-20 mt-2 grid w-72 max-w-[calc(100vw-2rem)] gap-2 rounded-md border bg-popover p-3 shadow-md"
          data-testid="icon-picker"
          onKeyDown={(e) => {
            if (e.key === "Escape") setOpen(false);
          }}
        >
          <Input
            type="search"
            autoFocus
            aria-label={t("iconSearch")}
            placeholder={t("iconSearch")}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <ul className="grid max-h-56 grid-cols-6 gap-1 overflow-y-auto">
            <li>
              <Button
                type="button"
                variant={value === null ? "secondary" : "ghost"}
                size="icon"
                aria-label={t("iconNone")}
                aria-pressed={value === null}
                onClick={() => choose(null)}
              >
                <CircleIcon className="size-5 opacity-40" aria-hidden />
              </Button>
            </li>
            {matches.map((name) => (
              <li key={name}>
                <Button
                  type="button"
                  variant={value === name ? "secondary" : "ghost"}
                  size="icon"
                  title={name}
                  aria-label={name}
                  aria-pressed={value === name}
                  onClick={() => choose(name)}
                >
                  <RemoteIcon
                    name={name}
                    host={host}
                    className="size-5"
                    fallback={<CircleIcon className="size-5 opacity-20" aria-hidden />}
                  />
                </Button>
              </li>
            ))}
          </ul>
          {matches.length === 0 && (
            <p className="text-sm text-muted-foreground">{t("iconNoMatch", { query: query.trim() })}</p>
          )}
        </div>
      )}
    </div>
  );
}
