import { z } from "zod";
import { BIO_MAX, isValidSocialLink, SOCIAL_SITES, type SocialSite } from "#shared/profile-limits";

/** The profile form's schema, used by the page's action for field-level errors (server side only). */
const linkField = (site: SocialSite) =>
  z
    .string()
    .trim()
    .refine((v) => v === "" || isValidSocialLink(site, v), { message: "errors:accounts.link_invalid" });

/** The profile form as the page posts it (checkbox "on" or absent). */
export const profileFormSchema = z.object({
  bio: z.string().max(BIO_MAX, { message: "account:profile.bioTooLong" }).default(""),
  showEmail: z.string().optional(),
  locale: z.enum(["es", "en"]).optional(),
  ...(Object.fromEntries(SOCIAL_SITES.map((s) => [`link_${s}`, linkField(s).optional()])) as Record<
    `link_${SocialSite}`,
    z.ZodOptional<ReturnType<typeof linkField>>
  >),
});
