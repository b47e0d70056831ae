/**
 * The server render's `react-router`: the package as it is, but `Link` renders its `<a>` at once when
 * its target is a plain absolute path (how the site builds every link, with `useLocalePath().to`). Such a path
 * is its own href, so the router's resolving, click and prefetch hooks (several per link, a hundred links a
 * page) buy nothing on the server. Anything else, and the browser build, get the package's own `Link`, which
 * renders the same `<a>` (same href and data-discover), so hydration matches. Wired by the Vite plugin in
 * scripts/server-render-shortcuts.ts, for the server build only.
 */
import { forwardRef } from "react";
import { Link as RouterLink, type LinkProps } from "react-router";

export * from "react-router";

/**
 * "/a/b?c#d" without a second leading slash, "/." anywhere (a "." or ".." segment; a rare "/.well-known" goes to
 * the router too), an empty "?" or an empty "#": the href is the path. Plain string tests, not a regular
 * expression: this runs for every link of every page (a backtracking pattern cost 2.6 % of a thread page).
 */
function isPlainPath(to: string): boolean {
  if (to.charCodeAt(0) !== 47 || to.charCodeAt(1) === 47 || to.includes("/.")) return false;
  const hash = to.indexOf("#");
  if (hash === to.length - 1) return false;
  const search = to.indexOf("?");
  if (search !== -1 && (hash === -1 || search < hash)) return search + 1 !== (hash === -1 ? to.length : hash);
  return true;
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function ServerLink(props, ref) {
  const {
    to,
    discover = "render",
    prefetch = "none",
    relative: _relative,
    reloadDocument: _reloadDocument,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    target,
    ...rest
  } = props;
  // "intent" and "viewport" prefetching start in the browser (on hover, in view): the server's <a> is the same.
  if (typeof to !== "string" || prefetch === "render" || !isPlainPath(to) || "mask" in props) {
    return <RouterLink ref={ref} {...props} />;
  }
  return <a {...rest} ref={ref} href={to} target={target} data-discover={discover === "render" ? "true" : undefined} />;
});

const noClick = () => {};
/** A click handler is never called on the server: the resolving and navigation hooks behind it buy nothing there. */
export function useLinkClickHandler(..._args: unknown[]): (event: unknown) => void {
  return noClick;
}
