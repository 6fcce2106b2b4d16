import { getTranslations } from "next-intl/server";
import { LazyRemoteIcon } from "@/components/icons/lazy-remote-icon";
import { BotIcon } from "@/components/icons/lite/bot";
import { Badge } from "@/components/ui/badge";
import type { PublicAgent } from "@/lib/contracts/agent";

/**
 * The top of an agent's public page: its name, who it speaks for, its greeting and suggested questions.
 * With the chat below, the chat shows the questions itself (as chips that ask), so `questions` is false.
 */
export async function AgentIntro({
  agent,
  questions = true,
  iconHost,
}: {
  agent: PublicAgent;
  questions?: boolean;
  /** ICON_HOST, or null for the app's own /icons */
  iconHost: string | null;
}) {
  const t = await getTranslations("publicChat");
  return (
    <section className="mb-8 grid gap-5" data-testid="agent-intro">
      <div className="flex items-center gap-3">
        <span
          className="grid size-12 shrink-0 place-items-center rounded-full bg-primary/10 text-primary"
          data-testid="agent-icon"
        >
          {agent.icon ? (
            <LazyRemoteIcon
              name={agent.icon}
              host={iconHost}
              className="size-6"
              fallback={<BotIcon className="size-6" aria-hidden />}
            />
          ) : (
            <BotIcon className="size-6" aria-hidden />
          )}
        </span>
        <div className="grid gap-1">
          <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">{agent.name}</h1>
          <Badge variant="secondary" className="justify-self-start">
            {t(`kinds.${agent.kind}`)}
          </Badge>
        </div>
      </div>
      <p
        className="w-fit max-w-[85%] whitespace-pre-line rounded-2xl rounded-tl-sm bg-muted px-4 py-3"
        data-testid="agent-greeting"
      >
        {agent.greeting}
      </p>
      {questions && agent.suggested_questions.length > 0 && (
        <div className="grid gap-2">
          <h2 className="text-sm font-medium text-muted-foreground">{t("suggestedTitle")}</h2>
          <ul className="flex flex-wrap gap-2" data-testid="agent-questions">
            {agent.suggested_questions.map((q) => (
              <li key={q} className="rounded-full border bg-background px-3 py-1.5 text-sm">
                {q}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
