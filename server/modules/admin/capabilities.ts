import { ROLE_ADMIN, ROLE_MODERATOR, type Actor } from "#server/modules/accounts/actor";
import { CAPABILITY_SELF, type AnyArea, type CapabilityCase } from "#server/modules/area";

/**
 * The capability table of /admin/roles: every action of every area's policy, evaluated with `can()` for one
 * person of each kind, so what the team reads is what the operations enforce and cannot drift from it (a new
 * action shows up here by being added to its policy's list). Actions whose answer depends on whose content it
 * is are evaluated once per case (one's own post, someone else's…).
 */

/** The kinds of person the table has a column for: a visitor, members by profile role, and the team. */
export const CAPABILITY_ROLES = ["visitor", "member", "creator", "company", "pendingCompany", "Moderator", "Admin"] as const;
export type CapabilityRole = (typeof CAPABILITY_ROLES)[number];

/** An area with rules: its name in the list of areas (`server/modules/areas.ts`). */
export type CapabilityArea = string;

export type { CapabilityCase } from "#server/modules/area";

export type CapabilityRow = {
  area: CapabilityArea;
  action: string;
  case: CapabilityCase | null;
  /** Whether each kind of person may do it (in this case). */
  allowed: Record<CapabilityRole, boolean>;
};

/** One person of each kind, all with the id `CAPABILITY_SELF` (so "own" resources are theirs). */
export function sampleActor(role: CapabilityRole): Actor {
  if (role === "visitor") return null;
  const base = {
    userId: CAPABILITY_SELF,
    email: "someone@example.invalid",
    emailVerified: true,
    username: "someone",
    avatarUrl: null,
    profileRole: null,
    roles: [],
    company: null,
    sessionId: null,
  } satisfies NonNullable<Actor>;
  switch (role) {
    case "member":
      return base;
    case "creator":
      return { ...base, profileRole: "creator" };
    case "company":
      return { ...base, profileRole: "company", company: { slug: "studio", companyName: "Studio", verified: true } };
    case "pendingCompany":
      return { ...base, profileRole: "company", company: { slug: "studio", companyName: "Studio", verified: false } };
    case "Moderator":
      return { ...base, roles: [ROLE_MODERATOR] };
    case "Admin":
      return { ...base, roles: [ROLE_ADMIN] };
  }
}

/** The whole table: area by area in the list's order, each in the order of its policy's action list. */
export function capabilityTable(areas: readonly AnyArea[]): { roles: readonly CapabilityRole[]; rows: CapabilityRow[] } {
  return {
    roles: CAPABILITY_ROLES,
    rows: areas.flatMap(({ name, policy }) =>
      policy
        ? policy.actions.flatMap((action: string) =>
            (policy.cases?.[action] ?? [null]).map((c: { case: CapabilityCase; resource: unknown } | null) => ({
              area: name,
              action,
              case: c?.case ?? null,
              allowed: Object.fromEntries(
                CAPABILITY_ROLES.map((role) => [role, policy.can(sampleActor(role), action, c?.resource)]),
              ) as Record<CapabilityRole, boolean>,
            })),
          )
        : [],
    ),
  };
}
export type CapabilityTable = ReturnType<typeof capabilityTable>;
