import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { companyProfiles, profiles, users } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import { parseInput } from "#server/modules/validate";
import { limitAuthAttempt } from "#server/modules/accounts/auth-limits";
import { emailSchema, newPasswordSchema } from "#server/modules/accounts/password-rules";
import { authErrorCode, authHeaders, type AuthOpDeps, type RequestFacts, inLocale } from "./deps";
import { uniqueCompanySlug } from "#server/modules/accounts/company-slug";
import { isUniqueViolation } from "#server/db/unique-violation";
import { usernameProblem, usernameTaken } from "#server/modules/accounts/username";

/** SPEC §1: a player is a member with no profile role; creators and companies have one. */
export const SIGN_UP_ROLES = ["player", "creator", "company"] as const;
export type SignUpRole = (typeof SIGN_UP_ROLES)[number];

const schema = z
  .object({
    username: z.string({ error: "errors:accounts.username_invalid" }).trim(),
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string({ error: "errors:auth.password_mismatch" }),
    role: z.enum(SIGN_UP_ROLES, { error: "errors:input.invalid" }),
    companyName: z.string().trim().max(120, "errors:input.invalid").optional(),
    representativeName: z.string().trim().max(120, "errors:input.invalid").optional(),
  })
  .superRefine((v, ctx) => {
    // The profile page's rules (SPEC §5): pattern and reserved words; whether it is free is asked below.
    const problem = usernameProblem(v.username);
    if (problem) ctx.addIssue({ code: "custom", path: ["username"], message: `errors:${problem}` });
    if (v.password !== v.confirmPassword)
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "errors:auth.password_mismatch" });
    if (v.role === "company") {
      if (!v.companyName || v.companyName.length < 2)
        ctx.addIssue({ code: "custom", path: ["companyName"], message: "errors:auth.company_name_required" });
      if (!v.representativeName || v.representativeName.length < 2)
        ctx.addIssue({ code: "custom", path: ["representativeName"], message: "errors:auth.representative_required" });
    }
  });

export type RegisterInput = z.input<typeof schema>;

const USERNAME_TAKEN = "errors:accounts.username_taken";
const EMAIL_TAKEN = "errors:auth.email_taken";

/**
 * SPEC §5: email, password (6+, not a common one), matching confirmation, role; a company also gives its
 * name and representative and starts pending verification. The person chooses their public username
 * (the username rules of the profile page) and may join as a player, a member without a profile role. Signs
 * the person in and sends the verification email (better-auth's sendOnSignUp). Returns the session cookies.
 */
export async function register(deps: AuthOpDeps, req: RequestFacts, input: RegisterInput): Promise<{ userId: string; headers: Headers }> {
  const data = parseInput(schema, input);
  await limitAuthAttempt(deps.rateLimiter, "register", { ip: req.ip });

  // Both answered at once, each beside its field; the email's message leads (the page offers to sign in).
  const [existing] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${data.email}`)
    .limit(1);
  const nameTaken = await usernameTaken(deps.db, data.username);
  if (existing || nameTaken) {
    const fieldErrors = { ...(existing ? { email: EMAIL_TAKEN } : {}), ...(nameTaken ? { username: USERNAME_TAKEN } : {}) };
    throw new DomainError(existing ? "auth.email_taken" : "accounts.username_taken", { fieldErrors });
  }

  let result: { headers: Headers; response: { user: { id: string } } };
  try {
    result = (await deps.auth.api.signUpEmail({
      body: {
        email: data.email,
        password: data.password,
        name: data.companyName || data.username,
        callbackURL: inLocale(req, "/auth/callback?verified=1"),
      },
      headers: authHeaders(req),
      returnHeaders: true,
    })) as unknown as typeof result;
  } catch (err) {
    const code = authErrorCode(err);
    if (code === "USER_ALREADY_EXISTS" || code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
      throw new DomainError("auth.email_taken", { fieldErrors: { email: EMAIL_TAKEN } });
    }
    deps.log.error("registration failed", { err, code });
    throw new DomainError("auth.registration_failed");
  }

  const userId = result.response.user.id;
  // The profile row was made by the user-created hook; set what the form chose.
  try {
    await deps.db.transaction(async (tx) => {
      const role = data.role === "player" ? null : data.role;
      await tx.update(profiles).set({ username: data.username, role, locale: req.locale }).where(eq(profiles.id, userId));
      if (data.role === "company") {
        await tx.insert(companyProfiles).values({
          id: userId,
          companyName: data.companyName!,
          slug: await uniqueCompanySlug(tx, data.companyName!),
          representativeName: data.representativeName!,
        });
      }
    });
  } catch (err) {
    // Someone took the name between the check and the write: the account is undone, so the person can
    // send the form again with another name (and the same email).
    if (!isUniqueViolation(err, "profiles_username_lower_idx")) throw err;
    await deps.db.delete(users).where(eq(users.id, userId));
    throw new DomainError("accounts.username_taken", { fieldErrors: { username: USERNAME_TAKEN } });
  }
  return { userId, headers: result.headers };
}
