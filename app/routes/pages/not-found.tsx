import type { Route } from "./+types/not-found";

/** Any path no page claims: a real 404 status, rendered by the layout's translated error view. */
export function loader(_: Route.LoaderArgs) {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
