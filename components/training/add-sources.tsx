"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useId, useRef, useState } from "react";
import { GlobeIcon } from "@/components/icons/lite/globe";
import { LoaderCircleIcon } from "@/components/icons/lite/loader-circle";
import { TypeIcon } from "@/components/icons/lite/type";
import { UploadIcon } from "@/components/icons/lite/upload";
import { toast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiClientError } from "@/lib/client/api";
import { useAddDocuments } from "@/lib/client/queries/training";
import type { AddResult } from "@/lib/contracts/training";

const ACCEPT = ".txt,.pdf,.html,.htm,.xlsx,.xls,.docx,.csv,.md";

/**
 * The three ways to teach the agent (AGENT-2, AGENT-3, AGENT-4); each reports what got in and what did not.
 * The documents list refreshes after each addition (the mutation invalidates it).
 */
export function AddSources({ maxFileSize }: { maxFileSize: string }) {
  const t = useTranslations("training");
  const report = (result: AddResult) => {
    if (result.accepted.length > 0) toast.success(t("added", { count: result.accepted.length }));
    for (const r of result.rejected) {
      const upgrade = r.upgrade_url;
      // A plan limit can be lifted: the toast offers the way there.
      toast.error(r.name, {
        description: r.message,
        action: upgrade ? { label: t("upgrade"), onClick: () => window.location.assign(upgrade) } : undefined,
        duration: upgrade ? 15_000 : undefined,
      });
    }
  };
  const failed = (err: unknown) =>
    toast.error(t("addFailed"), { description: err instanceof ApiClientError ? err.detail : undefined });
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <FileDrop onResult={report} onError={failed} maxFileSize={maxFileSize} />
      <TextSnippet onResult={report} onError={failed} />
      <Website onResult={report} onError={failed} />
    </div>
  );
}

type Props = { onResult: (r: AddResult) => void; onError: (e: unknown) => void };

function FileDrop({ onResult, onError, maxFileSize }: Props & { maxFileSize: string }) {
  const t = useTranslations("training");
  const input = useRef<HTMLInputElement>(null);
  const add = useAddDocuments();
  const busy = add.isPending;
  const [over, setOver] = useState(false);
  const send = async (files: FileList | File[]) => {
    const list = Array.from(files);
    if (list.length === 0 || busy) return;
    const form = new FormData();
    for (const f of list) form.append("files", f, f.name);
    try {
      onResult(await add.mutateAsync(form));
    } catch (err) {
      onError(err);
    } finally {
      if (input.current) input.current.value = "";
    }
  };
  return (
    <Card
      data-testid="file-drop"
      className={`gap-3 border-dashed p-5 transition-colors ${over ? "border-primary bg-primary/5" : ""}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        void send(e.dataTransfer.files);
      }}
    >
      <div className="flex items-center gap-2 font-medium">
        <UploadIcon className="size-4 text-primary" aria-hidden />
        {t("filesTitle")}
      </div>
      <p className="text-sm text-muted-foreground">{t("filesHint", { size: maxFileSize })}</p>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        className="sr-only"
        aria-label={t("chooseFiles")}
        data-testid="file-input"
        onChange={(e) => e.target.files && void send(e.target.files)}
      />
      <Button type="button" variant="outline" disabled={busy} onClick={() => input.current?.click()}>
        {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <UploadIcon aria-hidden />}
        {t("chooseFiles")}
      </Button>
    </Card>
  );
}

function TextSnippet({ onResult, onError }: Props) {
  const t = useTranslations("training");
  const [title, setTitle] = useState("");
  const [content, setContent] = useState("");
  const add = useAddDocuments();
  const busy = add.isPending;
  const [fields, setFields] = useState<Record<string, string>>({});
  const titleId = useId();
  const contentId = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setFields({});
    try {
      onResult(await add.mutateAsync({ type: "text", title, content }));
      setTitle("");
      setContent("");
    } catch (err) {
      if (err instanceof ApiClientError && err.fields) setFields(err.fields);
      else onError(err);
    }
  };
  return (
    <Card className="gap-3 p-5">
      <form className="space-y-3" onSubmit={submit} noValidate data-testid="text-form">
        <div className="flex items-center gap-2 font-medium">
          <TypeIcon className="size-4 text-primary" aria-hidden />
          {t("textTitle")}
        </div>
        <Label htmlFor={titleId}>{t("textName")}</Label>
        <Input id={titleId} value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
        {fields.title && <p className="text-sm text-destructive">{fields.title}</p>}
        <Label htmlFor={contentId}>{t("textContent")}</Label>
        <textarea
          id={contentId}
          value={content}
          rows={4}
          onChange={(e) => setContent(e.target.value)}
          className="w-full rounded-md border bg-transparent px-3 py-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
        />
        {fields.content && <p className="text-sm text-destructive">{fields.content}</p>}
        <Button type="submit" disabled={busy}>
          {busy && <LoaderCircleIcon className="animate-spin" aria-hidden />}
          {t("textAdd")}
        </Button>
      </form>
    </Card>
  );
}

function Website({ onResult, onError }: Props) {
  const t = useTranslations("training");
  const [url, setUrl] = useState("");
  const add = useAddDocuments();
  const busy = add.isPending;
  const [problem, setProblem] = useState<string | null>(null);
  const urlId = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setProblem(null);
    try {
      onResult(await add.mutateAsync({ type: "url", url }));
      setUrl("");
    } catch (err) {
      if (err instanceof ApiClientError && (err.fields?.url || err.status === 422)) {
        setProblem(err.fields?.url ?? err.detail);
      } else onError(err);
    }
  };
  return (
    <Card className="gap-3 p-5">
      <form className="space-y-3" onSubmit={submit} noValidate data-testid="url-form">
        <div className="flex items-center gap-2 font-medium">
          <GlobeIcon className="size-4 text-primary" aria-hidden />
          {t("siteTitle")}
        </div>
        <Label htmlFor={urlId}>{t("siteAddress")}</Label>
        <Input
          id={urlId}
          type="url"
          inputMode="url"
          placeholder="https://example.com"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-invalid={problem ? true : undefined}
        />
        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
        <p className="text-xs text-muted-foreground">{t("siteHint")}</p>
        <Button type="submit" disabled={busy}>
          {busy && <LoaderCircleIcon className="animate-spin" aria-hidden />}
          {t("siteAdd")}
        </Button>
      </form>
    </Card>
  );
}
