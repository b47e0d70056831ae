import { eq } from "drizzle-orm";
import { z } from "zod";
import { BIO_MAX, isValidSocialLink, SOCIAL_SITES, type SocialSite } from "#shared/profile-limits";
import { profiles, type SocialLinks } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import type { Actor } from "./actor";
import { parseInput, type AccountsDeps } from "./deps";
import { assertOwnAccount } from "./account-policy";
import { assertNotOnHold } from "./policy";

const input = z
  .object({
    bio: z.string().max(BIO_MAX).nullable().optional(),
    socialLinks: z.partialRecord(z.enum(SOCIAL_SITES), z.string().nullable()).optional(),
    showEmail: z.boolean().optional(),
    locale: z.enum(["es", "en"]).optional(),
    userId: z.string().optional(),
  })
  .strict();

export type UpdateProfileInput = z.input<typeof input>;

/**
 * The signed-in person's bio (plain text, at most 500 characters), social links (https on each site's own
 * host; empty removes one), email visibility and the language of their mail. Fields left out stay as they are.
 * A company waiting for verification changes none of it (SPEC §4).
 */
export async function updateProfile(deps: Pick<AccountsDeps, "db">, actor: Actor, raw: unknown) {
  assertNotOnHold(actor);
  const data = parseInput(input, raw);
  assertOwnAccount(actor, data.userId);
  const changes: Partial<typeof profiles.$inferInsert> = { updatedAt: new Date() };
  if (data.bio !== undefined) changes.bio = data.bio?.trim() ? data.bio.trim() : null;
  if (data.showEmail !== undefined) changes.showEmail = data.showEmail;
  if (data.locale !== undefined) changes.locale = data.locale;
  if (data.socialLinks !== undefined) {
    const links: SocialLinks = {};
    for (const site of SOCIAL_SITES) {
      const value = data.socialLinks[site]?.trim();
      if (!value) continue;
      if (!isValidSocialLink(site as SocialSite, value)) throw new DomainError("accounts.link_invalid", { field: site });
      links[site] = new URL(value).toString();
    }
    changes.socialLinks = links;
  }
  const [row] = await deps.db.update(profiles).set(changes).where(eq(profiles.id, actor.userId)).returning({
    bio: profiles.bio,
    socialLinks: profiles.socialLinks,
    showEmail: profiles.showEmail,
    locale: profiles.locale,
  });
  if (!row) throw new DomainError("not_found");
  return row;
}
