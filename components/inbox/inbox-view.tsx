"use client";

import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { LazyMarkdown } from "@/components/chat/lazy-markdown";
import { ArrowLeftIcon } from "@/components/icons/lite/arrow-left";
import { LoadFailed, Loading } from "@/components/shell/load-state";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { ApiClientError, api } from "@/lib/client/api";
import { inboxRoutes as contracts } from "@/lib/client/inbox-routes";
import type { InboxItem, LiveMessage } from "@/lib/contracts/inbox";
import { cn } from "@/lib/ui/cn";

/**
 * The live inbox (issue 46): waiting conversations first with how long they have waited, then live ones,
 * then recent ones; one opened whole, taken over, replied to and given back. The workspace's event stream
 * refreshes what changed; on a phone the list and the conversation take the screen in turn.
 */
export function InboxView() {
  const t = useTranslations("inbox");
  const [items, setItems] = useState<InboxItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const reloadDetail = useRef<() => void>(() => {});
  const register = useCallback((reload: () => void) => {
    reloadDetail.current = reload;
  }, []);

  const load = useCallback(async () => {
    try {
      setItems(await api.call(contracts.inboxList, {}));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
    const events = new EventSource(contracts.inboxEvents.path);
    const changed = () => {
      void load();
      reloadDetail.current();
    };
    for (const name of ["waiting", "visitor_message", "taken", "member_reply", "released"])
      events.addEventListener(name, changed);
    const clock = setInterval(() => setNow(Date.now()), 30_000);
    return () => {
      events.close();
      clearInterval(clock);
    };
  }, [load]);

  if (failed && !items)
    return <LoadFailed message={t("loadFailed")} retryLabel={t("retry")} onRetry={() => void load()} />;
  if (!items) return <Loading label={t("loading")} />;
  const current = items.find((i) => i.id === open) ?? null;
  return (
    <div className="grid gap-4 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
      <ul className={cn("flex flex-col gap-2", open && "hidden md:flex")} aria-label={t("list")}>
        {items.length === 0 && <li className="text-muted-foreground text-sm">{t("empty")}</li>}
        {items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => setOpen(item.id)}
              aria-current={item.id === open}
              className={cn(
                "flex min-h-11 w-full flex-col items-start gap-1 rounded-md border p-3 text-left",
                item.id === open && "border-primary",
              )}
            >
              <span className="line-clamp-2 font-medium [overflow-wrap:anywhere]">{item.title}</span>
              <span className="text-muted-foreground text-xs">
                {stateLine(t, item, now)} · {item.agent_name}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {current ? (
        <Conversation
          key={current.id}
          item={current}
          onBack={() => setOpen(null)}
          onChanged={load}
          register={register}
        />
      ) : (
        <p className="hidden text-muted-foreground text-sm md:block">{t("pick")}</p>
      )}
    </div>
  );
}

type T = ReturnType<typeof useTranslations<"inbox">>;

function stateLine(t: T, item: InboxItem, now: number): string {
  if (item.state === "waiting") {
    const since = item.waiting_since ? Date.parse(item.waiting_since) : now;
    return t("waitingFor", { minutes: Math.max(0, Math.floor((now - since) / 60_000)) });
  }
  if (item.state === "live")
    return item.held_by_me ? t("liveMe") : t("liveWith", { name: item.held_by || "—" });
  return t("recent");
}

function Conversation(props: {
  item: InboxItem;
  onBack: () => void;
  onChanged: () => Promise<void>;
  register: (reload: () => void) => void;
}) {
  const { item, onBack, onChanged, register } = props;
  const t = useTranslations("inbox");
  const locale = useLocale();
  const [messages, setMessages] = useState<LiveMessage[] | null>(null);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      const got = await api.call(contracts.inboxConversation, { params: { id: item.id } });
      setMessages(got.messages);
    } catch {
      setMessages((m) => m ?? []);
    }
  }, [item.id]);

  useEffect(() => {
    register(() => void reload());
    void reload();
  }, [reload, register]);

  const act = async (run: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await run();
      await Promise.all([onChanged(), reload()]);
    } catch (err) {
      setError(err instanceof ApiClientError ? err.detail : t("failed"));
    } finally {
      setBusy(false);
    }
  };
  const params = { params: { id: item.id } };
  const mine = item.state === "live" && item.held_by_me;

  return (
    <section className="flex min-w-0 flex-col gap-3" aria-label={item.title}>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" size="sm" className="min-h-11 md:hidden" onClick={onBack}>
          <ArrowLeftIcon aria-hidden /> {t("back")}
        </Button>
        <h2 className="min-w-0 flex-1 font-semibold [overflow-wrap:anywhere]">{item.title}</h2>
        {!mine && (
          <Button
            className="min-h-11"
            disabled={busy}
            onClick={() => act(() => api.call(contracts.takeoverConversation, params))}
          >
            {t("takeOver")}
          </Button>
        )}
        {item.state !== "bot" && (
          <Button
            variant="outline"
            className="min-h-11"
            disabled={busy}
            onClick={() => act(() => api.call(contracts.releaseConversation, params))}
          >
            {t("release")}
          </Button>
        )}
      </div>
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      {messages === null ? (
        <Loading label={t("loading")} />
      ) : (
        <ol className="flex flex-col gap-3">
          {messages.map((m) => (
            <li
              key={m.id}
              className={cn(
                "max-w-[85%] rounded-lg px-3 py-2 text-sm",
                m.role === "user" ? "self-end bg-primary text-primary-foreground" : "bg-muted",
              )}
            >
              {m.role === "assistant" && (
                <span className="block text-muted-foreground text-xs">
                  {m.author !== null ? m.author || t("member") : t("assistant")}
                </span>
              )}
              {m.role === "assistant" ? (
                <LazyMarkdown text={m.content} />
              ) : (
                <span className="whitespace-pre-wrap [overflow-wrap:anywhere]">{m.content}</span>
              )}
              <time className="mt-1 block text-xs opacity-70" dateTime={m.inserted_at}>
                {new Date(m.inserted_at).toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" })}
              </time>
            </li>
          ))}
        </ol>
      )}
      {mine && (
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const content = text.trim();
            if (!content) return;
            void act(async () => {
              await api.call(contracts.replyConversation, { ...params, body: { content } });
              setText("");
            });
          }}
        >
          <Textarea
            value={text}
            aria-label={t("reply")}
            placeholder={t("replyPlaceholder")}
            maxLength={4000}
            onChange={(e) => {
              setText(e.target.value);
              if (e.target.value.length % 20 === 1)
                void api.call(contracts.typingConversation, params).catch(() => {});
            }}
          />
          <Button type="submit" className="min-h-11 self-end" disabled={busy || !text.trim()}>
            {t("send")}
          </Button>
        </form>
      )}
    </section>
  );
}
