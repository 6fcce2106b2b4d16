"use client";

import { useTranslations } from "next-intl";
import { BotIcon } from "@/components/icons/lite/bot";
import { ChevronDownIcon } from "@/components/icons/lite/chevron-down";
import { Button } from "@/components/ui/button";
import { useLazyTrigger } from "@/components/ui/lazy-trigger";
import type { ShellChoice } from "@/lib/shared/shell-choice";
import { cn } from "@/lib/ui/cn";

const loadMenu = () => import("./agent-switcher-menu");

/**
 * The workspace and agent this browser acts on (issue 45), with a menu to switch either or make a new
 * agent. Its list and dialog load on first use: until then this is the trigger alone.
 */
export function AgentSwitcher({ choice, className }: { choice: ShellChoice; className?: string }) {
  const t = useTranslations("nav");
  const { loaded, triggerProps } = useLazyTrigger(loadMenu, "menu");
  const label = choice.agentName ?? t("agents.none");
  const trigger = (props?: typeof triggerProps) => (
    <Button
      variant="outline"
      data-testid="agent-switcher"
      aria-label={t("agents.switch", { name: label })}
      className={cn("h-auto min-h-11 w-full justify-start gap-2 px-2 py-1.5 text-left", className)}
      {...props}
    >
      <BotIcon className="size-4 shrink-0" aria-hidden />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium">{label}</span>
        <span className="block truncate text-xs font-normal text-muted-foreground">
          {choice.workspaceName}
        </span>
      </span>
      <ChevronDownIcon className="size-4 shrink-0 opacity-60" aria-hidden />
    </Button>
  );
  return loaded ? (
    <loaded.module.AgentSwitcherMenu trigger={trigger()} openedBy={loaded.by} choice={choice} />
  ) : (
    trigger(triggerProps)
  );
}
