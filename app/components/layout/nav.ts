/** Header rules from SPEC §2 "Layout behaviour", kept pure so they are tested directly. */

export type NavLink = { to: string; labelKey: string };

export const HEADER_SCROLL_THRESHOLD_PX = 10;
export const SUBMENU_OPEN_DELAY_MS = 100;

/** Icon buttons of the header (theme, bell, menu, search): 44×44 px, the size WCAG 2.2 asks of main actions. */
export const HEADER_ICON_BUTTON = "btn btn-ghost icon-btn";

export function headerLinks(forumEnabled: boolean): NavLink[] {
  return [
    { to: "/campaigns", labelKey: "nav.campaigns" },
    { to: "/featured-games", labelKey: "nav.featuredGames" },
    ...(forumEnabled ? [{ to: "/community", labelKey: "nav.community" }] : []),
    { to: "/collaborate", labelKey: "nav.collaborate" },
    { to: "/contact", labelKey: "nav.contact" },
  ];
}

/** The link whose path equals or prefixes the current path is highlighted. */
export function isActivePath(linkPath: string, currentPath: string): boolean {
  if (linkPath === "/") return currentPath === "/";
  return currentPath === linkPath || currentPath.startsWith(linkPath.endsWith("/") ? linkPath : linkPath + "/");
}

export type View = "creator" | "company";

/** /company… means company view; /creator… or /campaigns… creator view; otherwise the profile role decides. */
export function currentView(path: string, profileRole: "creator" | "company" | null | undefined): View {
  if (path === "/company" || path.startsWith("/company/")) return "company";
  if (/^\/(creator|campaigns)(\/|$)/.test(path)) return "creator";
  return profileRole === "company" ? "company" : "creator";
}

export function viewLinks(view: View, forumEnabled: boolean): NavLink[] {
  return view === "company"
    ? [
        { to: "/company/games", labelKey: "views.myGames" },
        { to: "/company/campaigns", labelKey: "views.campaigns" },
      ]
    : [{ to: "/campaigns", labelKey: "views.opportunities" }, ...(forumEnabled ? [{ to: "/community", labelKey: "views.community" }] : [])];
}

/** A company's campaigns link goes to /company/campaigns rather than /campaigns. */
export const campaignsPathFor = (profileRole: "creator" | "company" | null | undefined) =>
  profileRole === "company" ? "/company/campaigns" : "/campaigns";

/** Mini-avatar fallback: first letter, upper case, of the username, else of the email. */
export function avatarInitial(username: string | null | undefined, email: string | null | undefined): string {
  const source = username?.trim() || email?.trim() || "?";
  return [...source][0]!.toUpperCase();
}

/** Paths whose pages need a session (SPEC §2 "signed in"): a client navigation to them shows the full-screen spinner. */
const GUARDED_PREFIXES = [
  "/dashboard",
  "/account",
  "/admin",
  "/company/verification",
  "/company/games",
  "/company/campaigns",
  "/creator",
  "/my-keys",
  "/auth/verify-email",
  "/notifications",
];

export function isGuardedPath(path: string): boolean {
  return GUARDED_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}
