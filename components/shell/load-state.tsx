import { LoaderCircleIcon } from "@/components/icons/lite/loader-circle";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/ui/cn";

/** What a panel shows while its data loads, announced to screen readers. */
export function Loading({ label, className }: { label: string; className?: string }) {
  return (
    <p className={cn("flex items-center gap-2 text-muted-foreground", className)} role="status">
      <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />
      {label}
    </p>
  );
}

/** A load that failed: what happened, and a way to try again. */
export function LoadFailed(props: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  className?: string;
  size?: "default" | "sm";
}) {
  return (
    <div className={cn("flex flex-col items-start gap-3", props.className)} role="alert">
      <p>{props.message}</p>
      <Button variant="outline" size={props.size} onClick={props.onRetry}>
        {props.retryLabel}
      </Button>
    </div>
  );
}
