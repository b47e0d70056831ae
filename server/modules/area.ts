import type { DatabaseHandle, Database } from "#server/db/client";
import type { Env } from "#server/env";
import type { Auth } from "#server/platform/auth";
import type { EventBus } from "#server/platform/events";
import type { Jobs } from "#server/platform/jobs";
import type { Logger } from "#server/platform/logger";
import type { Mailer } from "#server/platform/mail";
import type { RateLimiter } from "#server/platform/rate-limit";
import type { Realtime } from "#server/platform/realtime";
import type { Storage } from "#server/platform/storage";
import type { Actor } from "#server/modules/accounts/actor";
import type { SearchProvider } from "#server/modules/search/providers";
import type { SettingsStore } from "#server/modules/site/settings";

/**
 * The services every area is built from: the database, the settings store, the job queue, mail, files, events,
 * live messages and the rate limiter, made once at start (`server/services.ts`).
 */
export type Platform = {
  env: Env;
  log: Logger;
  database: DatabaseHandle;
  db: Database;
  settings: SettingsStore;
  rateLimiter: RateLimiter;
  auth: Auth;
  mailer: Mailer;
  storage: Storage;
  jobs: Jobs;
  events: EventBus;
  realtime: Realtime;
};

/**
 * The service of each area by its name, as pages reach it (`context.services.<name>`). Each area adds its own
 * entry from its `index.ts` (`declare module "#server/modules/area" { interface AreaServices { … } }`), so the
 * list of names is written once, by the areas themselves.
 */

export interface AreaServices {}

/** What an area's service and start are given: the platform, the clock, every area's service and manifest. */
export type AreaContext = Platform & {
  now: () => Date;
  /** Every area's service; one made earlier in the list is there when a later one is made, all of them by `start`. */
  services: AreaServices;
  areas: readonly AnyArea[];
};

/** The id of the person each column of the capability table stands for ("own" cases are theirs), and of someone else. */
export const CAPABILITY_SELF = "capability-table-self";
export const CAPABILITY_OTHER = "capability-table-other";

/** The cases a row of the capability table may be about (labels `capabilities.cases.<case>` in the admin namespace). */
export type CapabilityCase = "own" | "others" | "open" | "locked" | "ownThread" | "othersThread";

/** An area's rules, as /admin/roles shows them: every action, and the cases whose answer depends on whose it is. */
export type AreaPolicy<Action extends string = string, Resource = never> = {
  actions: readonly Action[];
  can(actor: Actor, action: Action, resource?: Resource): boolean;
  cases?: CapabilityCases<Action, Resource>;
};

/** The actions whose answer depends on whose the thing is: one row per case, each with the resource it is about. */
export type CapabilityCases<Action extends string, Resource> = Partial<Record<Action, { case: CapabilityCase; resource: Resource }[]>>;

/** An area's error codes and their HTTP statuses; the message shown is always the translation `errors:<code>`. */
export type ErrorTable = Readonly<Record<string, number>>;

/** A page of the sitemap: its path without the language prefix and, when known, when it last changed. */
export type SitemapEntry = { path: string; lastmod?: Date | null };

/** What an area stores about a person, for their account export; never a secret (a hash, a token, a key). */
export type ExportSection = (db: Database, userId: string) => Promise<unknown>;

/**
 * A number the admin quick view shows for an area (unread contact messages, pending featured submissions…),
 * linking to the tab where it is dealt with. Shown only to whom `visible` says yes (the tab's own action).
 */
export type AdminCounter = {
  /** Its label, `quickView.counters.<key>` of the admin namespace (plural forms on `count`). */
  key: string;
  /** The tab it leads to, without the language prefix. */
  href: string;
  visible(actor: Actor): boolean;
  count(db: Database): Promise<number>;
};

/**
 * One area of the product, declared once in its `server/modules/<area>/index.ts` and listed in
 * `server/modules/areas.ts`. Everything that loops over the areas reads it: the services pages call, jobs and
 * listeners, the capability table, the error statuses, search, the sitemap and the account export.
 */
export type Area<Name extends keyof AreaServices = keyof AreaServices, Deps = AreaContext> = {
  name: Name;
  /** What its operations need, made once from the platform (the context itself when left out). */
  deps?(ctx: AreaContext): Deps;
  /** Its operations bound to their dependencies (`context.services.<name>`). */
  service(deps: Deps, ctx: AreaContext): AreaServices[Name];
  /** Jobs and listeners, once every area's service exists. */
  start?(deps: Deps, service: AreaServices[Name], ctx: AreaContext): Promise<void>;
  /** Work to finish before the database closes (writes kept in memory). */
  stop?(service: AreaServices[Name]): Promise<void>;
  /** Its error codes and their HTTP statuses (the message is always `errors:<code>`). */
  errors: ErrorTable;
  // The rule types differ by area; the capability table only calls `can` with an area's own actions and cases.

  policy?: AreaPolicy<any, any>;
  /** Its sections of the search page, in the order they are shown. */
  search?: readonly SearchProvider[];
  /** Its public pages for the sitemap (the static ones and those read from the database). */
  sitemap?(ctx: { db: Database; settings: SettingsStore; now: Date }): Promise<(string | SitemapEntry)[]>;
  /** Its part of a person's account export, under its name. */
  exportSection?: ExportSection;
  /** Its numbers on the admin quick view, one entry each, in the order shown. */
  adminCounters?: readonly AdminCounter[];
};

export type AnyArea = Area<any, any>;

/** Declares an area (keeps its name's literal type and infers its dependencies from `deps`). */
export const defineArea = <Name extends keyof AreaServices, Deps = AreaContext>(area: Area<Name, Deps>): Area<Name, Deps> => area;
