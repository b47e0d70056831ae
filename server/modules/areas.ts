import { accountsArea } from "./accounts";
import { adminArea } from "./admin";
import type { AnyArea, AreaServices } from "./area";
import { campaignsArea } from "./campaigns";
import { characterArea } from "./character";
import { contactArea } from "./contact";
import { contentArea } from "./content";
import { forumArea } from "./forum";
import { gamificationArea } from "./gamification";
import { jobsArea } from "./jobs";
import { notificationsArea } from "./notifications";
import { promotionsArea } from "./promotions";
import { roomsArea } from "./rooms";
import { searchArea } from "./search";
import { shopArea } from "./shop";
import { siteArea } from "./site";

/**
 * Every area of the product, in the order their services are made and their sections appear (search, sitemap,
 * capability table). A new area is added here once; what it brings is in its manifest (`area.ts`).
 */
export const AREAS = [
  accountsArea,
  forumArea,
  gamificationArea,
  characterArea,
  notificationsArea,
  siteArea,
  campaignsArea,
  promotionsArea,
  contentArea,
  roomsArea,
  jobsArea,
  adminArea,
  searchArea,
  shopArea,
  contactArea,
] as const satisfies readonly AnyArea[];

// Every service named in AreaServices has its area in the list, and only once.
type Listed = (typeof AREAS)[number]["name"];
const everyAreaListed: Record<keyof AreaServices, true> = Object.fromEntries(AREAS.map((a) => [a.name, true])) as Record<Listed, true>;
void everyAreaListed;
