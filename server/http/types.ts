import type { Actor } from "#server/modules/accounts/actor";
import type { Logger } from "#server/platform/logger";
import type { Services } from "#server/services";
import type { LocaleResolution } from "./locale";

export type AppEnv = {
  Variables: {
    services: Services;
    requestId: string;
    nonce: string;
    log: Logger;
    locale: LocaleResolution & { setCookie?: string };
    clientKey: string;
    country: string;
    secureCookies: boolean;
    /** The session's actor, loaded at most once per request. */
    getActor: () => Promise<Actor>;
  };
};
