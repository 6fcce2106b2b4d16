import { createNavigation } from "next-intl/navigation";
import { routing } from "./routing";

/**
 * next-intl's own navigation, for server components (`redirect`). Client code takes its links and router
 * from ./navigation.tsx, which keeps next-intl's navigation out of every page's download.
 */
export const { redirect, getPathname } = createNavigation(routing);
