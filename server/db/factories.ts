import { randomUUID } from "node:crypto";
import type { Database } from "#server/db/client";
import { accounts, companyProfiles, profiles, roles, userRoles, users } from "#server/db/schema";
import { hashPassword } from "#server/platform/auth";

/**
 * Factories shared by the tests and the demo seed, so demo data and test data are built the same way.
 */
let seq = 0;
const next = () => `${Date.now().toString(36)}${(++seq).toString(36)}`;

export type UserSpec = {
  email?: string;
  password?: string;
  username?: string;
  name?: string;
  bio?: string | null;
  role?: "creator" | "company";
  roles?: string[];
  emailVerified?: boolean;
};

export type CreatedUser = { id: string; email: string; password: string; username: string };

export async function ensureRoles(db: Database, names = ["Admin", "Moderator"]) {
  await db
    .insert(roles)
    .values(names.map((name) => ({ id: name.toLowerCase(), name })))
    .onConflictDoNothing();
}

export async function createUser(db: Database, spec: UserSpec = {}): Promise<CreatedUser> {
  const id = randomUUID();
  const username = spec.username ?? `user_${next()}`;
  // Stored in lower case, as better-auth does for accounts it creates.
  const email = (spec.email ?? `${username}@example.test`).toLowerCase();
  const password = spec.password ?? "correct-horse-battery";
  await db.insert(users).values({ id, email, name: spec.name ?? username, emailVerified: spec.emailVerified ?? true });
  await db.insert(accounts).values({
    id: randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: await hashPassword(password),
  });
  await db.insert(profiles).values({ id, username, role: spec.role ?? "creator", bio: spec.bio ?? null });
  if (spec.roles?.length) {
    await ensureRoles(db, spec.roles);
    await db.insert(userRoles).values(spec.roles.map((r) => ({ userId: id, roleId: r.toLowerCase() })));
  }
  return { id, email, password, username };
}

export type CompanySpec = UserSpec & {
  companyName?: string;
  slug?: string;
  representativeName?: string;
  website?: string | null;
  description?: string | null;
  country?: string | null;
  verified?: boolean;
};

export async function createCompany(db: Database, spec: CompanySpec = {}): Promise<CreatedUser & { slug: string }> {
  const user = await createUser(db, { ...spec, role: "company" });
  const companyName = spec.companyName ?? `Studio ${next()}`;
  const slug =
    spec.slug ??
    companyName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/(^-|-$)/g, "");
  const verified = spec.verified ?? false;
  await db.insert(companyProfiles).values({
    id: user.id,
    companyName,
    slug,
    representativeName: spec.representativeName ?? "Alex Doe",
    website: spec.website ?? null,
    description: spec.description ?? null,
    country: spec.country ?? null,
    verified,
    verifiedAt: verified ? new Date() : null,
  });
  return { ...user, slug };
}
