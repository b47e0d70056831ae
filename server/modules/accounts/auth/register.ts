import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { companyProfiles, profiles, users } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import { parseInput } from "#server/modules/validate";
import { limitAuthAttempt } from "#server/modules/accounts/auth-limits";
import { emailSchema, newPasswordSchema } from "#server/modules/accounts/password-rules";
import { authErrorCode, authHeaders, type AuthOpDeps, type RequestFacts, inLocale } from "./deps";
import { uniqueCompanySlug } from "#server/modules/accounts/company-slug";

const schema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string({ error: "errors:auth.password_mismatch" }),
    role: z.enum(["creator", "company"], { error: "errors:input.invalid" }),
    companyName: z.string().trim().max(120, "errors:input.invalid").optional(),
    representativeName: z.string().trim().max(120, "errors:input.invalid").optional(),
  })
  .superRefine((v, ctx) => {
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

/**
 * SPEC §5: email, password (6+, not a common one), matching confirmation, role; a company also gives its
 * name and representative and starts pending verification. Signs the person in and sends the verification
 * email (better-auth's sendOnSignUp). Returns the session cookies.
 */
export async function register(deps: AuthOpDeps, req: RequestFacts, input: RegisterInput): Promise<{ userId: string; headers: Headers }> {
  const data = parseInput(schema, input);
  await limitAuthAttempt(deps.rateLimiter, "register", { ip: req.ip });

  const [existing] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${data.email}`)
    .limit(1);
  if (existing) throw new DomainError("auth.email_taken", { fieldErrors: { email: "errors:auth.email_taken" } });

  let result: { headers: Headers; response: { user: { id: string } } };
  try {
    result = (await deps.auth.api.signUpEmail({
      body: {
        email: data.email,
        password: data.password,
        name: data.companyName || data.email.split("@")[0],
        callbackURL: inLocale(req, "/auth/callback?verified=1"),
      },
      headers: authHeaders(req),
      returnHeaders: true,
    })) as unknown as typeof result;
  } catch (err) {
    const code = authErrorCode(err);
    if (code === "USER_ALREADY_EXISTS" || code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
      throw new DomainError("auth.email_taken", { fieldErrors: { email: "errors:auth.email_taken" } });
    }
    deps.log.error("registration failed", { err, code });
    throw new DomainError("auth.registration_failed");
  }

  const userId = result.response.user.id;
  // The profile row was made by the user-created hook; set what the form chose.
  await deps.db.transaction(async (tx) => {
    await tx.update(profiles).set({ role: data.role, locale: req.locale }).where(eq(profiles.id, userId));
    if (data.role === "company") {
      await tx.insert(companyProfiles).values({
        id: userId,
        companyName: data.companyName!,
        slug: await uniqueCompanySlug(tx, data.companyName!),
        representativeName: data.representativeName!,
      });
    }
  });
  return { userId, headers: result.headers };
}
