/**
 * SPEC §4: where a company whose company profile the team has not verified yet may still go: its verification
 * page (and that page's form), the sign-in pages (to confirm its email or reset a password) and the download
 * of its own data. `path` is a page's path without the language prefix. Everything else sends it to
 * /company/verification: pages (app/routes/lang.tsx), and form posts and data requests (server/http/company-hold.ts).
 */
export function heldCompanyMayOpen(path: string): boolean {
  const p = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return p === "/company/verification" || p === "/account/export" || p.startsWith("/auth/") || p === "/login" || p === "/register";
}
