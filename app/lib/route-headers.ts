import type { HeadersArgs } from "react-router";

/** A route's `headers` export that passes on what its action set (Retry-After on a 429, for instance). */
export function actionHeaders({ actionHeaders: fromAction }: HeadersArgs): Headers {
  const out = new Headers();
  const retry = fromAction.get("Retry-After");
  if (retry) out.set("Retry-After", retry);
  return out;
}
