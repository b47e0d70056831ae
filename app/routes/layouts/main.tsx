import { useEffect, useRef, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { ErrorView } from "#app/components/layout/error-view";
import { SiteChrome } from "#app/components/layout/site-chrome";
import { useRootData } from "#app/lib/use-locale";
import type { Route } from "./+types/main";

/** Animates client-side page changes only (not the first paint); the CSS skips it under reduced motion. */
function useTransitionKey() {
  const location = useLocation();
  const first = useRef(location.pathname);
  const [animate, setAnimate] = useState(false);
  useEffect(() => {
    if (location.pathname !== first.current) setAnimate(true);
  }, [location.pathname]);
  return { key: location.pathname, className: animate ? "page-transition" : "" };
}

export default function MainLayout() {
  const data = useRootData()!;
  const transition = useTransitionKey();
  return (
    <SiteChrome data={data}>
      <div key={transition.key} className={transition.className}>
        <Outlet />
      </div>
    </SiteChrome>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRootData()!;
  return (
    <SiteChrome data={data}>
      <main id="main">
        <ErrorView error={error} />
      </main>
    </SiteChrome>
  );
}
