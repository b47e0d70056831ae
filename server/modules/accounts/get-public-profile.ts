import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { companyProfiles, profiles, users, type SocialLinks } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import type { Actor } from "./actor";
import { parseInput, type AccountsDeps } from "./deps";

const input = z.object({ username: z.string().trim().min(1).max(100) });

export type PublicProfile = {
  id: string;
  username: string;
  avatarUrl: string | null;
  bio: string | null;
  socialLinks: SocialLinks;
  /** null: a player, a member without a profile role. */
  role: "creator" | "company" | null;
  joinedAt: string;
  /** Only when the person chose to show it. */
  email: string | null;
  /** Only for a company the team verified. */
  company: { name: string; slug: string } | null;
};

/** What anyone (visitors too) may see of a profile, found by username ignoring case. */
export async function getPublicProfile(deps: Pick<AccountsDeps, "db">, _actor: Actor, raw: unknown): Promise<PublicProfile> {
  const { username } = parseInput(input, raw);
  const [row] = await deps.db
    .select({
      id: profiles.id,
      username: profiles.username,
      avatarUrl: profiles.avatarUrl,
      bio: profiles.bio,
      socialLinks: profiles.socialLinks,
      role: profiles.role,
      showEmail: profiles.showEmail,
      email: users.email,
      joinedAt: users.createdAt,
      companyName: companyProfiles.companyName,
      companySlug: companyProfiles.slug,
      companyVerified: companyProfiles.verified,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .leftJoin(companyProfiles, eq(companyProfiles.id, profiles.id))
    .where(sql`lower(${profiles.username}) = ${username.toLowerCase()}`)
    .limit(1);
  if (!row) throw new DomainError("not_found");
  return {
    id: row.id,
    username: row.username,
    avatarUrl: row.avatarUrl,
    bio: row.bio,
    socialLinks: row.socialLinks ?? {},
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
    email: row.showEmail ? row.email : null,
    company:
      row.role === "company" && row.companyVerified && row.companyName && row.companySlug
        ? { name: row.companyName, slug: row.companySlug }
        : null,
  };
}
