import { MessagesSquareIcon } from "lucide-react";
import { Link } from "@/lib/i18n/navigation";
import { cn } from "@/lib/ui/cn";

export function Logo({ appName, className }: { appName: string; className?: string }) {
  return (
    <Link
      href="/"
      className={cn("flex items-center gap-2 font-semibold tracking-tight touch:min-h-11", className)}
    >
      <span className="grid size-8 place-items-center rounded-lg bg-gradient-to-br from-indigo-600 to-teal-500 text-white shadow-sm">
        <MessagesSquareIcon className="size-4.5" aria-hidden />
      </span>
      <span className="text-lg">{appName}</span>
    </Link>
  );
}
