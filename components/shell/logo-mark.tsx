import { clsx } from "clsx";
import { MessagesSquareIcon } from "@/components/icons/lite/messages-square";

export const LOGO_CLASS = "flex items-center gap-2 font-semibold tracking-tight touch:min-h-11";

export function LogoMark({ appName }: { appName: string }) {
  return (
    <>
      <span className="grid size-8 place-items-center rounded-lg bg-gradient-to-br from-indigo-600 to-teal-500 text-white shadow-sm">
        <MessagesSquareIcon className="size-4.5" aria-hidden />
      </span>
      <span className="text-lg">{appName}</span>
    </>
  );
}

/** The logo as a plain link, for the public chat pages, which load no client router link. */
export function PlainLogo({
  appName,
  locale,
  className,
}: {
  appName: string;
  locale: string;
  className?: string;
}) {
  return (
    <a href={`/${locale}`} className={clsx(LOGO_CLASS, className)}>
      <LogoMark appName={appName} />
    </a>
  );
}
