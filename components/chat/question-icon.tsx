"use client";

import { MessageCircleQuestionMarkIcon } from "@/components/icons/lite/message-circle-question-mark";
import { RemoteIcon } from "@/components/icons/remote-icon";

/** A suggested question's icon on its chip; a question mark while it loads and when it cannot be had. */
export default function QuestionIcon({ name, host }: { name: string; host: string | null }) {
  return (
    <RemoteIcon
      name={name}
      host={host}
      className="mr-1.5 inline size-4 align-[-3px]"
      fallback={<MessageCircleQuestionMarkIcon className="mr-1.5 inline size-4 align-[-3px]" aria-hidden />}
    />
  );
}
