import type { ReactNode } from "react";
import { BlankLayout } from "@/components/shell/layouts";

export default function PublicLayout({ children }: { children: ReactNode }) {
  return <BlankLayout>{children}</BlankLayout>;
}
