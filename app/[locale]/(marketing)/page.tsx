import { getTranslations } from "next-intl/server";
import { SignInMethods } from "@/components/auth/sign-in-methods";
import { BookOpenIcon } from "@/components/icons/lite/book-open";
import { GlobeIcon } from "@/components/icons/lite/globe";
import { LanguagesIcon } from "@/components/icons/lite/languages";
import { QuoteIcon } from "@/components/icons/lite/quote";
import { RotateCcwClockIcon as HistoryIcon } from "@/components/icons/lite/rotate-ccw-clock";
import { Share2Icon } from "@/components/icons/lite/share-2";
import { ShieldCheckIcon } from "@/components/icons/lite/shield-check";
import { SparklesIcon } from "@/components/icons/lite/sparkles";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { otpDelivery } from "@/lib/auth/otp-delivery";
import { enabledProviders } from "@/lib/auth/providers";
import { isPlanId } from "@/lib/billing/plan-limits";
import { planName } from "@/lib/billing/plans";
import { config } from "@/lib/config";
import { Link } from "@/lib/i18n/navigation";
import { pageLocale } from "@/lib/i18n/page";
import { redirect } from "@/lib/i18n/redirect";
import { SIGNED_IN_HOME } from "@/lib/navigation/items";
import { pageSession } from "@/lib/server/page-session";
import { planOfReturnPath, safeNextPath } from "@/lib/shared/pricing";

const features = [
  { key: "train", icon: BookOpenIcon },
  { key: "bilingual", icon: LanguagesIcon },
  { key: "grounded", icon: QuoteIcon },
  { key: "share", icon: Share2Icon },
  { key: "history", icon: HistoryIcon },
  { key: "safe", icon: ShieldCheckIcon },
] as const;

const steps = ["one", "two", "three"] as const;

/** The index is the sign-in page (AUTH-6): a signed-in owner goes straight on to setup. */
export default async function HomePage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const locale = await pageLocale(params);
  const query = await searchParams;
  // Sign-in started from another page (a plan chosen on /pricing) returns there.
  const next = safeNextPath(query.next);
  if ((await pageSession()).state === "signed-in") redirect({ href: next ?? SIGNED_IN_HOME, locale });
  const t = await getTranslations("home");
  // The demo answer is the built-in mode's, framed by the very words a real built-in answer uses: what a
  // newcomer without a model gets (tests/api/landing-promise.test.ts asks it for real).
  const answers = await getTranslations("answers");
  const { APP_NAME } = config();
  const providers = enabledProviders();
  const codeDelivery = otpDelivery();
  const referral = query["referral-code"];
  const referralCode = typeof referral === "string" && referral.length <= 100 ? referral : undefined;
  // A plan chosen signed out: the card says which plan this sign-in is for.
  const forPlan = planOfReturnPath(next);
  return (
    <>
      <section className="relative overflow-hidden">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60%_50%_at_70%_0%,oklch(0.9_0.06_270/.6),transparent),radial-gradient(40%_40%_at_10%_30%,oklch(0.93_0.05_190/.5),transparent)]"
        />
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[1.15fr_1fr]">
          <div className="space-y-6">
            <Badge variant="secondary" className="gap-1.5 py-1">
              <SparklesIcon className="size-3.5" aria-hidden />
              {t("eyebrow")}
            </Badge>
            <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{t("title")}</h1>
            <p className="max-w-xl text-lg text-muted-foreground text-pretty">
              {t("subtitle", { appName: APP_NAME })}
            </p>
            <div className="flex flex-wrap gap-3">
              <Button asChild size="lg">
                <a href="#sign-in">{t("ctaStart")}</a>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link href="/pricing">{t("ctaPricing")}</Link>
              </Button>
            </div>
          </div>
          <ChatPreview
            label={t("chatPreview.label")}
            agentName={t("chatPreview.agentName")}
            question={t("chatPreview.question")}
            intro={answers("quoteIntro")}
            quote={t("chatPreview.quote")}
            note={answers("quoteNote")}
            source={t("chatPreview.source")}
          />
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6" aria-labelledby="features-title">
        <h2
          id="features-title"
          className="mb-10 text-center text-2xl font-semibold tracking-tight sm:text-3xl"
        >
          {t("featuresTitle")}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ key, icon: Icon }) => (
            <Card key={key} className="gap-3">
              <span className="grid size-10 place-items-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden />
              </span>
              <CardHeader>
                <CardTitle>{t(`features.${key}.title`)}</CardTitle>
                <CardDescription className="text-[0.925rem] leading-relaxed">
                  {t(`features.${key}.body`)}
                </CardDescription>
              </CardHeader>
            </Card>
          ))}
        </div>
      </section>

      <section className="border-y bg-muted/40" aria-labelledby="steps-title">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2
            id="steps-title"
            className="mb-10 text-center text-2xl font-semibold tracking-tight sm:text-3xl"
          >
            {t("stepsTitle")}
          </h2>
          <ol className="grid gap-6 md:grid-cols-3">
            {steps.map((step, i) => (
              <li key={step} className="flex gap-4">
                <span className="grid size-9 shrink-0 place-items-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                  {i + 1}
                </span>
                <div className="space-y-1">
                  <h3 className="font-semibold">{t(`steps.${step}.title`)}</h3>
                  <p className="text-muted-foreground">{t(`steps.${step}.body`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section
        id="sign-in"
        className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16 sm:px-6"
        aria-labelledby="sign-in-title"
      >
        <Card className="mx-auto max-w-md gap-5 p-8">
          <CardHeader className="items-center text-center">
            <span className="mb-2 grid size-12 place-items-center rounded-full bg-primary/10 text-primary">
              <GlobeIcon className="size-5" aria-hidden />
            </span>
            <CardTitle id="sign-in-title" className="text-xl">
              {t("signIn.title", { appName: APP_NAME })}
            </CardTitle>
            <CardDescription>{t("signIn.subtitle")}</CardDescription>
            {forPlan && isPlanId(forPlan) && (
              <p className="mt-2 font-medium text-primary" data-testid="sign-in-for-plan">
                {t("signIn.forPlan", { plan: planName(forPlan, locale) })}
              </p>
            )}
          </CardHeader>
          <SignInMethods
            providers={providers}
            codeDelivery={codeDelivery}
            referralCode={referralCode}
            next={next}
          />
        </Card>
      </section>
    </>
  );
}

function ChatPreview(props: {
  label: string;
  agentName: string;
  question: string;
  intro: string;
  quote: string;
  note: string;
  source: string;
}) {
  return (
    <figure aria-label={props.label} className="relative mx-auto w-full max-w-md">
      <div className="rounded-2xl border bg-card p-5 shadow-xl shadow-indigo-900/5">
        <figcaption className="mb-4 flex items-center gap-3 border-b pb-4">
          <span className="grid size-9 place-items-center rounded-full bg-gradient-to-br from-indigo-600 to-teal-500 text-sm font-semibold text-white">
            AI
          </span>
          <span className="font-medium">{props.agentName}</span>
        </figcaption>
        <div className="space-y-3 text-sm">
          <p className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-br-sm bg-primary px-4 py-2.5 text-primary-foreground">
            {props.question}
          </p>
          <div
            className="w-fit max-w-[85%] space-y-2 rounded-2xl rounded-bl-sm bg-muted px-4 py-2.5"
            data-testid="demo-answer"
          >
            <p>{props.intro}</p>
            <blockquote className="border-l-2 border-primary/40 pl-3" data-testid="demo-quote">
              {props.quote} <sup className="text-primary">[1]</sup>
            </blockquote>
            <p className="text-xs text-muted-foreground italic">{props.note}</p>
            <p className="text-xs text-muted-foreground">{props.source}</p>
          </div>
        </div>
      </div>
    </figure>
  );
}
