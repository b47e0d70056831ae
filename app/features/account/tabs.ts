/**
 * The tabs of /account, in order. Later areas add theirs here (gamification, character…): a path under
 * /account (routes.ts) and a label key in the `account` namespace (or "<ns>:<key>" for their own namespace).
 */
export type AccountTab = { id: string; path: string; labelKey: string };

export const ACCOUNT_TABS: AccountTab[] = [
  { id: "profile", path: "/account", labelKey: "account:tabs.profile" },
  { id: "connections", path: "/account/connections", labelKey: "account:tabs.connections" },
  { id: "security", path: "/account/security", labelKey: "account:tabs.security" },
  { id: "data", path: "/account/data", labelKey: "account:tabs.data" },
  { id: "notifications", path: "/account/notifications", labelKey: "account:tabs.notifications" },
  { id: "progress", path: "/account/progress", labelKey: "account:tabs.progress" },
  { id: "character", path: "/account/character", labelKey: "account:tabs.character" },
  { id: "inventory", path: "/account/inventory", labelKey: "account:tabs.inventory" },
  { id: "avatar", path: "/account/avatar", labelKey: "account:tabs.avatar" },
];
