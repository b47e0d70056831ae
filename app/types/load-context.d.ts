import type { RequestContext } from "#server/http/request-context";

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
