import { defineArea } from "#server/modules/area";
import { SHOP_ERRORS } from "./errors";
import { shopStatus } from "./shop-status";

export type { ShopStatus } from "./shop-status";

/** The shop's public entry (`context.services.shop`). */
export function createShopService() {
  return {
    status: () => shopStatus(),
  };
}

export type ShopService = ReturnType<typeof createShopService>;

declare module "#server/modules/area" {
  interface AreaServices {
    shop: ShopService;
  }
}

/**
 * The shop (SPEC §1: "a shop exists but is marked removed"): /shop says so and where items come from instead.
 * Nothing is sold, so it has no rules to check, no jobs and nothing stored about anyone.
 */
export const shopArea = defineArea({
  name: "shop",
  service: () => createShopService(),
  errors: SHOP_ERRORS,
});
