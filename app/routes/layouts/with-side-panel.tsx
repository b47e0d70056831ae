import { Outlet } from "react-router";
import { ErrorView } from "~/components/layout/error-view";
import { SidePanel, type SidePanelData } from "~/components/layout/side-panel";
import type { Route } from "./+types/with-side-panel";

export async function loader({ context }: Route.LoaderArgs): Promise<SidePanelData> {
  const { announcement } = await context.services.settings.all();
  // Cards 1-3 read threads, user stats and achievements; they show their empty texts until the forum and
  // gamification areas exist and provide those reads.
  return { threads: [], members: [], achievements: [], announcement };
}

function WithSidePanel({ data, children }: { data: SidePanelData | undefined; children: React.ReactNode }) {
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <main id="main" className="min-w-0">
        {children}
      </main>
      {data ? <SidePanel data={data} /> : null}
    </div>
  );
}

export default function Layout({ loaderData }: Route.ComponentProps) {
  return (
    <WithSidePanel data={loaderData}>
      <Outlet />
    </WithSidePanel>
  );
}

export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps & { loaderData?: SidePanelData }) {
  return (
    <WithSidePanel data={loaderData}>
      <ErrorView error={error} />
    </WithSidePanel>
  );
}
