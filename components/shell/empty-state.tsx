import type { ComponentType, ReactNode } from "react";

export function EmptyState({
  icon: Icon,
  title,
  children,
}: {
  /** one of components/icons/lite */
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed bg-card/50 px-6 py-16 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-primary/10 text-primary">
        <Icon className="size-5" aria-hidden />
      </span>
      <p className="max-w-md text-muted-foreground">{title}</p>
      {children}
    </div>
  );
}
