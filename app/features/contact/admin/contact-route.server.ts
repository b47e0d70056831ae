import type { AppLoadContext } from "react-router";
import { adminPage } from "#app/features/admin/route.server";

/** What the Contacts tab's loaders and actions start with: the admin guard, the contact service and its abilities. */
export function contactAdminPage(context: AppLoadContext, request: Request) {
  const page = adminPage(context, request);
  return { ...page, contact: context.services.contact, abilities: context.services.contact.abilities(page.actor) };
}
