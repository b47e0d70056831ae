import type { AnchorHTMLAttributes } from "react";
import { useLinkClickHandler } from "react-router";

/**
 * A link to another state of the same page (`?quote=<id>#reply`), its address written as given: relative, so
 * a thread's twenty posts do not each repeat the page's full address. React Router's Link would
 * write the resolved path; this one lets the browser resolve it, and once the page runs the router follows it
 * (a plain click; a middle or modified click opens it as the browser does).
 */
export function RelativeLink({ to, onClick, ...props }: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  const follow = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <a
      {...props}
      href={to}
      onClick={(e) => {
        onClick?.(e);
        if (!e.defaultPrevented) follow(e);
      }}
    />
  );
}
