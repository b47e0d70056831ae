import { z } from "zod";
import { APPLICATION_STATUSES, JOB_LIMITS } from "#shared/jobs";

const INVALID = { error: "errors:input.invalid" };

/** An http(s) address, or "" (left out). */
const optionalUrl = z
  .string(INVALID)
  .trim()
  .max(JOB_LIMITS.portfolioMax, "errors:jobs.portfolio_invalid")
  .refine((v) => {
    if (v === "") return true;
    try {
      const u = new URL(v);
      return (u.protocol === "https:" || u.protocol === "http:") && !!u.hostname && !/\s/.test(v);
    } catch {
      return false;
    }
  }, "errors:jobs.portfolio_invalid")
  .transform((v) => v || null);

/** SPEC §3 Application, as the public form sends it (the resume apart). */
export const applicationInput = z.object({
  name: z.string(INVALID).trim().min(1, "errors:jobs.name_required").max(JOB_LIMITS.nameMax, "errors:jobs.name_too_long"),
  email: z
    .string(INVALID)
    .trim()
    .min(1, "errors:jobs.email_invalid")
    .max(JOB_LIMITS.emailMax, "errors:jobs.email_invalid")
    .pipe(z.email("errors:jobs.email_invalid"))
    .transform((v) => v.toLowerCase()),
  message: z.string(INVALID).trim().min(1, "errors:jobs.message_required").max(JOB_LIMITS.messageMax, "errors:jobs.message_too_long"),
  experience: z
    .string(INVALID)
    .trim()
    .min(1, "errors:jobs.experience_required")
    .max(JOB_LIMITS.experienceMax, "errors:jobs.experience_too_long"),
  portfolioUrl: optionalUrl.optional().transform((v) => v ?? null),
  locale: z.enum(["es", "en"]).catch("es"),
});
export type ApplicationInput = z.infer<typeof applicationInput>;

/** SPEC §3 Job offer: both languages' title and description (Markdown). */
export const offerInput = z.object({
  titleEs: z.string(INVALID).trim().min(1, "errors:jobs.title_required").max(JOB_LIMITS.titleMax, "errors:jobs.title_too_long"),
  titleEn: z.string(INVALID).trim().min(1, "errors:jobs.title_required").max(JOB_LIMITS.titleMax, "errors:jobs.title_too_long"),
  descriptionEs: z
    .string(INVALID)
    .trim()
    .min(1, "errors:jobs.description_required")
    .max(JOB_LIMITS.descriptionMax, "errors:jobs.description_too_long"),
  descriptionEn: z
    .string(INVALID)
    .trim()
    .min(1, "errors:jobs.description_required")
    .max(JOB_LIMITS.descriptionMax, "errors:jobs.description_too_long"),
});
export type OfferInput = z.infer<typeof offerInput>;

export const idInput = z.object({ id: z.string(INVALID).trim().min(1, "errors:input.invalid").max(64, "errors:input.invalid") });

const boolField = z.preprocess((v) => v === true || v === "true" || v === "on" || v === "1", z.boolean());

/** A decision on an application: with an email (and its message) or without. */
export const decisionInput = z
  .object({
    applicationId: z.string(INVALID).trim().min(1).max(64),
    sendEmail: boolField,
    message: z
      .string(INVALID)
      .trim()
      .max(JOB_LIMITS.decisionMessageMax, "errors:jobs.decision_message_too_long")
      .optional()
      .transform((v) => v ?? ""),
  })
  .superRefine((v, ctx) => {
    if (v.sendEmail && !v.message) ctx.addIssue({ code: "custom", path: ["message"], message: "errors:jobs.decision_message_required" });
  });

/** The applications list's filters and page. */
export const applicationListInput = z.object({
  offer: z.string().trim().max(64).optional().catch(undefined),
  status: z.enum(APPLICATION_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
