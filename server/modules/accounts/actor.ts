/** Who is acting. `null` is a visitor. Operations receive an Actor and check it with policy rules. */
export type Actor = {
  userId: string;
  email: string;
  emailVerified: boolean;
  username: string | null;
  avatarUrl: string | null;
  profileRole: "creator" | "company" | null;
  roles: string[];
} | null;

/** A trusted internal caller (CLI, seed, jobs) that is allowed everything. */
export const SYSTEM_ACTOR = {
  userId: "system",
  email: "system@localhost",
  emailVerified: true,
  username: "system",
  avatarUrl: null,
  profileRole: null,
  roles: ["Admin"],
} as const satisfies NonNullable<Actor>;

export const ROLE_ADMIN = "Admin";
export const ROLE_MODERATOR = "Moderator";

export const hasRole = (actor: Actor, role: string) => !!actor && actor.roles.includes(role);
export const isStaff = (actor: Actor) => hasRole(actor, ROLE_ADMIN) || hasRole(actor, ROLE_MODERATOR);
