"use client";

import { useTranslations } from "next-intl";
import {
  type CompositionEvent,
  type FormEvent,
  type KeyboardEvent,
  useEffect,
  useRef,
  useState,
} from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Composer } from "./composer";

type Logged = {
  n: number;
  time: string;
  type: string;
  key: string;
  code: string;
  data: string;
  composing: boolean;
};

const MAX_ROWS = 200;

/**
 * CHAT-6: shows what the browser reports while a Vietnamese input method (Telex, VNI) composes text,
 * so a user can see whether Enter arrives during composition. The real chat composer sits below it, its
 * events logged the same way, so a user can check that the Enter finishing a word never sends.
 */
export function KeyboardTest() {
  const t = useTranslations("keyboard");
  const [rows, setRows] = useState<Logged[]>([]);
  const [value, setValue] = useState("");
  const [composing, setComposing] = useState(false);
  const counter = useRef(0);

  const log = (type: string, fields: Partial<Logged>) => {
    counter.current += 1;
    const row: Logged = {
      n: counter.current,
      time: new Date().toISOString().slice(11, 23),
      type,
      key: "",
      code: "",
      data: "",
      composing: false,
      ...fields,
    };
    setRows((prev) => [row, ...prev].slice(0, MAX_ROWS));
  };

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) =>
    log(e.type, { key: e.key, code: e.code, composing: e.nativeEvent.isComposing });
  const onComposition = (e: CompositionEvent<HTMLTextAreaElement>) => {
    if (e.type === "compositionstart") setComposing(true);
    if (e.type === "compositionend") setComposing(false);
    log(e.type, { data: e.data ?? "", composing: e.type !== "compositionend" });
  };
  const onInput = (e: FormEvent<HTMLTextAreaElement>) => {
    const native = e.nativeEvent as InputEvent;
    log(`input (${native.inputType || "?"})`, { data: native.data ?? "", composing: native.isComposing });
  };

  // Native listeners on a wrapper see the composer's own events without changing the composer. Rows are
  // written a task later: state set before React handles the same event makes React flush that render
  // first, and the controlled textarea would be put back to its old value, losing the keystroke.
  const composerBox = useRef<HTMLDivElement>(null);
  const logRef = useRef(log);
  logRef.current = log;
  useEffect(() => {
    const box = composerBox.current;
    if (!box) return;
    const onEvent = (e: Event) => {
      const time = new Date().toISOString().slice(11, 23);
      const write = (type: string, fields: Partial<Logged>) =>
        setTimeout(() => logRef.current(type, { time, ...fields }), 0);
      if (e instanceof globalThis.KeyboardEvent) {
        write(`composer ${e.type}`, {
          key: e.key,
          code: e.code,
          composing: e.isComposing || e.keyCode === 229,
        });
      } else if (e instanceof globalThis.CompositionEvent) {
        write(`composer ${e.type}`, { data: e.data ?? "", composing: e.type !== "compositionend" });
      } else if (e instanceof globalThis.InputEvent) {
        write(`composer input (${e.inputType || "?"})`, { data: e.data ?? "", composing: e.isComposing });
      }
    };
    const types = ["keydown", "compositionstart", "compositionupdate", "compositionend", "input"];
    for (const type of types) box.addEventListener(type, onEvent, true);
    return () => {
      for (const type of types) box.removeEventListener(type, onEvent, true);
    };
  }, []);

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <div className="flex items-center justify-between">
          <label htmlFor="keyboard-test-input" className="text-sm font-medium">
            {t("inputLabel")}
          </label>
          <Badge variant={composing ? "default" : "outline"} aria-live="polite">
            {composing ? t("composing") : t("notComposing")}
          </Badge>
        </div>
        <textarea
          id="keyboard-test-input"
          rows={3}
          value={value}
          placeholder={t("placeholder")}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={onKey}
          onKeyUp={onKey}
          onCompositionStart={onComposition}
          onCompositionUpdate={onComposition}
          onCompositionEnd={onComposition}
          onInput={onInput}
          className="w-full resize-y rounded-lg border bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        />
        <p className="text-sm text-muted-foreground">
          {t("value")}: <output className="font-mono text-foreground">{value}</output>
        </p>
      </div>
      <section className="space-y-2" aria-labelledby="composer-title" data-testid="keyboard-composer">
        <h2 id="composer-title" className="font-semibold">
          {t("composerTitle")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("composerHint")}</p>
        <div ref={composerBox}>
          <Composer onSend={(text) => log(t("sendEvent"), { data: text })} />
        </div>
      </section>
      <section className="space-y-2" aria-labelledby="events-title">
        <div className="flex items-center justify-between">
          <h2 id="events-title" className="font-semibold">
            {t("eventsTitle")}
          </h2>
          <Button variant="outline" size="sm" onClick={() => setRows([])}>
            {t("clear")}
          </Button>
        </div>
        {rows.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            {t("empty")}
          </p>
        ) : (
          <div className="max-h-96 overflow-auto rounded-lg border">
            <table className="w-full text-left font-mono text-xs">
              <thead className="sticky top-0 bg-muted">
                <tr>
                  {(["time", "type", "key", "code", "data", "composing"] as const).map((c) => (
                    <th key={c} className="px-2 py-1.5 font-medium">
                      {t(`columns.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody data-testid="keyboard-events">
                {rows.map((r) => (
                  <tr key={r.n} className="border-t">
                    <td className="px-2 py-1 text-muted-foreground">{r.time}</td>
                    <td className="px-2 py-1">{r.type}</td>
                    <td className="px-2 py-1">{r.key}</td>
                    <td className="px-2 py-1">{r.code}</td>
                    <td className="px-2 py-1">{r.data}</td>
                    <td className="px-2 py-1">{r.composing ? "✓" : ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
