"use client";

import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, type ReactElement, useId, useState } from "react";
import { CheckIcon } from "@/components/icons/lite/check";
import { PlusIcon } from "@/components/icons/lite/plus";
import { toast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { type OpenedBy, useFirstOpenFocus } from "@/components/ui/lazy-trigger";
import { ApiClientError, api } from "@/lib/client/api";
import { contracts } from "@/lib/contracts/client";
import type { ShellChoice } from "@/lib/shared/shell-choice";

/** The switcher's menu and the new-agent dialog, loaded on first use (components/shell/agent-switcher.tsx). */
export function AgentSwitcherMenu(props: { trigger: ReactElement; openedBy: OpenedBy; choice: ShellChoice }) {
  const t = useTranslations("nav");
  const locale = useLocale();
  const focusFirst = useFirstOpenFocus(props.openedBy);
  const [creating, setCreating] = useState(false);
  const agents = useQuery({
    queryKey: ["shell", "agents"],
    queryFn: ({ signal }) => api.call(contracts.listAgents, {}, { signal }),
  });
  const workspaces = useQuery({
    queryKey: ["shell", "workspaces"],
    queryFn: ({ signal }) => api.call(contracts.listWorkspaces, {}, { signal }),
  });
  const canCreate = props.choice.role !== "support";

  // Every page's data belongs to the agent it was read for: a whole reload reads the new one's.
  const switchTo = async (run: () => Promise<unknown>) => {
    try {
      await run();
      window.location.reload();
    } catch (err) {
      toast.error(t("agents.switchFailed"), {
        description: err instanceof ApiClientError ? err.detail : undefined,
      });
    }
  };

  return (
    <>
      <DropdownMenu defaultOpen>
        <DropdownMenuTrigger asChild>{props.trigger}</DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-72" ref={focusFirst}>
          {(workspaces.data?.length ?? 0) > 1 && (
            <>
              <DropdownMenuLabel>{t("agents.workspaces")}</DropdownMenuLabel>
              {workspaces.data?.map((w) => (
                <DropdownMenuItem
                  key={w.id}
                  data-testid="workspace-option"
                  onSelect={() =>
                    switchTo(() => api.call(contracts.switchWorkspace, { body: { workspace_id: w.id } }))
                  }
                >
                  <span className="min-w-0 flex-1 truncate">{w.name}</span>
                  {w.name === props.choice.workspaceName && <CheckIcon className="size-4" aria-hidden />}
                </DropdownMenuItem>
              ))}
            </>
          )}
          <DropdownMenuLabel>{t("agents.title")}</DropdownMenuLabel>
          {agents.isPending && (
            <p className="px-2 py-1.5 text-sm text-muted-foreground">{t("agents.loading")}</p>
          )}
          {agents.data?.map((a) => (
            <DropdownMenuItem
              key={a.id}
              data-testid="agent-option"
              onSelect={() => switchTo(() => api.call(contracts.switchAgent, { body: { agent_id: a.id } }))}
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate">{a.name}</span>
                <span className="block text-xs text-muted-foreground">
                  {t("agents.counts", { documents: a.documents, conversations: a.conversations })}
                </span>
              </span>
              {a.id === props.choice.agentId && <CheckIcon className="size-4" aria-hidden />}
            </DropdownMenuItem>
          ))}
          {canCreate && (
            <DropdownMenuItem data-testid="new-agent" onSelect={() => setCreating(true)}>
              <PlusIcon className="size-4" aria-hidden />
              {t("agents.new")}
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <NewAgentDialog open={creating} onOpenChange={setCreating} locale={locale} />
    </>
  );
}

function NewAgentDialog(props: { open: boolean; onOpenChange: (open: boolean) => void; locale: string }) {
  const t = useTranslations("nav");
  const id = useId();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError(t("agents.nameRequired"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.call(contracts.createAgent, { body: { name: name.trim() } });
      // The new agent is this browser's choice now (the answer's cookie): it starts at Setup.
      window.location.assign(`/${props.locale}/setup`);
    } catch (err) {
      setError(err instanceof ApiClientError ? err.detail : t("agents.createFailed"));
      setBusy(false);
    }
  };

  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent closeLabel={t("closeMenu")}>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t("agents.newTitle")}</DialogTitle>
            <DialogDescription>{t("agents.newHint")}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-name`}>{t("agents.name")}</Label>
            <Input
              id={`${id}-name`}
              data-testid="new-agent-name"
              value={name}
              maxLength={100}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {error && (
              <p
                id={`${id}-error`}
                role="alert"
                data-testid="new-agent-error"
                className="text-sm text-destructive"
              >
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="submit" disabled={busy} data-testid="new-agent-create" className="min-h-11">
              {t("agents.create")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
