import type { ApiAccess, ApiDocument } from "#server/http/api/openapi";

export type ApiEndpoint = { method: string; path: string; summary: string; access: ApiAccess; tag: string };

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** Every operation of the API's OpenAPI document, by path, as the wiki lists it. */
export function apiEndpoints(document: ApiDocument): ApiEndpoint[] {
  return Object.entries(document.paths ?? {})
    .flatMap(([path, item]) =>
      METHODS.flatMap((method) => {
        const op = item?.[method] as (Record<string, unknown> & { summary?: string; tags?: string[] }) | undefined;
        if (!op) return [];
        return [
          {
            method: method.toUpperCase(),
            path,
            summary: op.summary ?? "",
            access: (op["x-access"] as ApiAccess | undefined) ?? "public",
            tag: op.tags?.[0] ?? "api",
          },
        ];
      }),
    )
    .sort(
      (a, b) =>
        a.path.localeCompare(b.path) || METHODS.indexOf(a.method.toLowerCase() as never) - METHODS.indexOf(b.method.toLowerCase() as never),
    );
}
