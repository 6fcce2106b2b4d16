"use client";

import { useState } from "react";
import { RotateCcwIcon } from "@/components/icons/lite/rotate-ccw";
import { Button } from "@/components/ui/button";
import type { ChatChannel } from "@/lib/client/chat-types";
import { useLiteT } from "@/lib/i18n/lite";
import { ChatView } from "./chat-view";

const OWNER: ChatChannel = { kind: "owner" };

/**
 * The owner talking to their own agent (CHAT-9) through the owner route: same answers as visitors get,
 * without spending the monthly visitor allowance. "New conversation" starts over with a fresh view.
 */
export function OwnerChat({
  greeting,
  questions,
  layout,
}: {
  greeting?: string;
  questions: string[];
  layout: "page" | "panel";
}) {
  const t = useLiteT("chatUi");
  const [round, setRound] = useState(0);
  return (
    <div className="grid gap-3" data-testid="owner-chat">
      <div className="flex justify-end">
        <Button type="button" size="sm" variant="ghost" onClick={() => setRound((n) => n + 1)}>
          <RotateCcwIcon aria-hidden />
          {t("newChat")}
        </Button>
      </div>
      <ChatView
        key={round}
        channel={OWNER}
        layout={layout}
        questions={questions}
        header={
          greeting ? (
            <p className="w-fit max-w-[85%] whitespace-pre-line rounded-2xl rounded-tl-sm bg-muted px-4 py-3">
              {greeting}
            </p>
          ) : null
        }
      />
    </div>
  );
}
