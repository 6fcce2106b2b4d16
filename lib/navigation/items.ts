/** SHELL-3: the product's navigation. `requiresAuth` mirrors the spec's requiresAuth flags. */
export type NavKey =
  | "setup"
  | "files"
  | "widget"
  | "apiKeys"
  | "channels"
  | "history"
  | "inbox"
  | "billing"
  | "settings"
  | "pricing"
  | "chat";

export type NavItem = { key: NavKey; href: string; requiresAuth: boolean };

export const appNav: NavItem[] = [
  { key: "setup", href: "/setup", requiresAuth: true },
  { key: "files", href: "/setup/files", requiresAuth: true },
  { key: "widget", href: "/setup/widget", requiresAuth: true },
  { key: "apiKeys", href: "/setup/api-keys", requiresAuth: true },
  { key: "channels", href: "/setup/channels", requiresAuth: true },
  { key: "chat", href: "/chat", requiresAuth: true },
  { key: "history", href: "/history", requiresAuth: true },
  { key: "inbox", href: "/inbox", requiresAuth: true },
  { key: "billing", href: "/billing", requiresAuth: true },
  { key: "settings", href: "/settings", requiresAuth: true },
  { key: "pricing", href: "/pricing", requiresAuth: false },
];

export const marketingNav: NavItem[] = [
  { key: "pricing", href: "/pricing", requiresAuth: false },
  { key: "setup", href: "/setup", requiresAuth: true },
];

/** The nav entry a path belongs to: the longest matching prefix wins ("/setup/files" → files). */
export function activeNavKey(pathname: string, items: NavItem[]): NavKey | undefined {
  return items
    .filter((i) => pathname === i.href || pathname.startsWith(`${i.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0]?.key;
}

/** AUTH-6: a path needs a signed-in user when it is, or is under, a requiresAuth entry. */
export function requiresAuth(pathname: string): boolean {
  return appNav.some((i) => i.requiresAuth && (pathname === i.href || pathname.startsWith(`${i.href}/`)));
}

/** Where a signed-in user lands: the index is the sign-in page, so it sends them on to setup. */
export const SIGNED_IN_HOME = "/setup";
