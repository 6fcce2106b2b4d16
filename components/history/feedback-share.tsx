import { useTranslations } from "next-intl";
import { ThumbsDownIcon } from "@/components/icons/lite/thumbs-down";
import { ThumbsUpIcon } from "@/components/icons/lite/thumbs-up";
import { helpfulShare } from "@/lib/client/history";
import type { Insights } from "@/lib/contracts/history";

/** The share of rated answers the visitors found helpful, as a bar and in words. */
export function FeedbackShare({ feedback }: { feedback: Insights["feedback"] }) {
  const t = useTranslations("history.insight");
  const share = helpfulShare(feedback);
  return (
    <section className="grid gap-2 rounded-xl border bg-card p-4" data-testid="insight-feedback">
      <h3 className="text-sm font-semibold">{t("feedbackTitle")}</h3>
      {share === null ? (
        <p className="text-sm text-muted-foreground">{t("noFeedback")}</p>
      ) : (
        <>
          <div
            className="flex h-3 overflow-hidden rounded-full bg-destructive/30"
            role="img"
            aria-label={t("helpfulShare", { share })}
          >
            <div className="bg-primary" style={{ width: `${share}%` }} />
          </div>
          <p className="text-sm">{t("helpfulShare", { share })}</p>
          <p className="flex gap-4 text-xs text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <ThumbsUpIcon className="size-3.5" aria-hidden />
              {t("helpful")}: {feedback.helpful}
            </span>
            <span className="inline-flex items-center gap-1">
              <ThumbsDownIcon className="size-3.5" aria-hidden />
              {t("unhelpful")}: {feedback.unhelpful}
            </span>
          </p>
        </>
      )}
    </section>
  );
}
