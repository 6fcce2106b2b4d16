import type { ReactNode } from "react";
import type { NavItem } from "@/lib/navigation/items";

export type MobileNavProps = { items: NavItem[]; side: "left" | "right"; header?: ReactNode };
