/**
 * The server render's `react-router` (issue 13): the package as it is, but `Link` renders its `<a>` at once when
 * its target is a plain absolute path (how the site builds every link, with `useLocalePath().to`). Such a path
 * is its own href, so the router's resolving, click and prefetch hooks (several per link, a hundred links a
 * page) buy nothing on the server. Anything else, and the browser build, get the package's own `Link`, which
 * renders the same `<a>` (same href and data-discover), so hydration matches. Wired by the Vite plugin in
 * scripts/server-render-shortcuts.ts, for the server build only.
 */
import { forwardRef } from "react";
import { Link as RouterLink, type LinkProps } from "react-router";

export * from "react-router";

/** "/a/b?c#d" without "." or ".." segments, an empty "?" or "#", or a second leading slash: the href is the path. */
const PLAIN_PATH = /^\/(?!\/)(?:(?!\/\.\.?(?:[/?#]|$))[^?#])*(?:\?[^#]+)?(?:#.+)?$/;

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
  if (typeof to !== "string" || prefetch !== "none" || !PLAIN_PATH.test(to) || "mask" in props) {
    return <RouterLink ref={ref} {...props} />;
  }
  return <a {...rest} ref={ref} href={to} target={target} data-discover={discover === "render" ? "true" : undefined} />;
});

const noClick = () => {};
/** A click handler is never called on the server: the resolving and navigation hooks behind it buy nothing there. */
export function useLinkClickHandler(..._args: unknown[]): (event: unknown) => void {
  return noClick;
}
