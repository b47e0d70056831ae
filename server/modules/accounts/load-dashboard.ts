import { count, eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { companyProfiles, profiles } from "#server/db/schema";
import type { Actor } from "./actor";
import { can } from "./policy";
import { assertSignedIn } from "./policy";

export type DashboardData = {
  kind: "creator" | "company" | "member";
  staff: boolean;
  emailVerified: boolean;
  username: string | null;
  /** What is still missing from the profile, in the order worth doing it. */
  profileTodo: ("avatar" | "bio" | "links")[];
  company: { slug: string; companyName: string; verified: boolean } | null;
  /** For staff who review companies: how many wait. */
  pendingCompanies: number | null;
};

/** The signed-in home: what the person should do next, by role. */
export async function loadDashboard(db: Database, actor: Actor): Promise<DashboardData> {
  assertSignedIn(actor);
  const [profile] = await db
    .select({ avatarUrl: profiles.avatarUrl, bio: profiles.bio, socialLinks: profiles.socialLinks })
    .from(profiles)
    .where(eq(profiles.id, actor.userId))
    .limit(1);
  const profileTodo: DashboardData["profileTodo"] = [];
  if (!profile?.avatarUrl) profileTodo.push("avatar");
  if (!profile?.bio) profileTodo.push("bio");
  if (!profile || Object.keys(profile.socialLinks ?? {}).length === 0) profileTodo.push("links");
  let pendingCompanies: number | null = null;
  if (can(actor, "companies.list")) {
    const [row] = await db.select({ n: count() }).from(companyProfiles).where(eq(companyProfiles.verified, false));
    pendingCompanies = row?.n ?? 0;
  }
  return {
    kind: actor.profileRole === "company" ? "company" : actor.profileRole === "creator" ? "creator" : "member",
    staff: can(actor, "admin.panel"),
    emailVerified: actor.emailVerified,
    username: actor.username,
    profileTodo,
    company: actor.company,
    pendingCompanies,
  };
}
