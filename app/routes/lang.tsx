import { Outlet } from "react-router";
import type { Route } from "./+types/lang";

/** Only /es and /en are language prefixes; anything else in that place is a page that does not exist. */
export function loader({ params }: Route.LoaderArgs) {
  if (params.lang !== undefined && params.lang !== "es" && params.lang !== "en") {
    throw new Response("Not Found", { status: 404 });
  }
  return null;
}

export default function Lang() {
  return <Outlet />;
}
