import { Outlet } from "react-router";
import { ErrorView } from "#app/components/layout/error-view";
import { WithSidePanel } from "#app/components/layout/side-panel";
import { useRootData } from "#app/lib/use-locale";
import type { Route } from "./+types/with-side-panel";

// The side panel says "Level n" (levels) and names achievements (badges) on every page that shows it.
export const handle = { i18n: ["levels", "badges"] };

/** Pages with the side panel (SPEC §2); its data comes with the root loader, so error pages have it too. */
export default function Layout() {
  return (
    <WithSidePanel data={useRootData()!.sidePanel}>
      <Outlet />
    </WithSidePanel>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <WithSidePanel data={useRootData()!.sidePanel}>
      <ErrorView error={error} />
    </WithSidePanel>
  );
}
