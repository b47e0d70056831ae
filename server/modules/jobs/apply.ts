import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { jobApplications, jobOffers } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { checkFormGuard } from "#server/platform/form-guard";
import { renderEmail } from "#server/platform/mail-render";
import { APPLY_FORM, RESUME_MAX_BYTES } from "#shared/jobs";
import { APPLY_RATE_PER_CLIENT, parseInput, type JobsDeps } from "./deps";
import { applicationInput } from "./input";
import { looksLikePdf } from "./pdf";
import { assertCan } from "./policy";

type Deps = Pick<
  JobsDeps,
  "db" | "storage" | "mailer" | "rateLimiter" | "formSecret" | "formMinFillSeconds" | "siteName" | "baseUrl" | "now" | "log"
>;

export type ApplicationRequest = Record<string, unknown> & {
  offerId: string;
  /** The resume as sent (any name, any type the browser claims: only its content counts). */
  resume?: Uint8Array | null;
  /** A resume kept from a refused submit of this form, and the name it was sent with (shown back). */
  resumeToken?: string | null;
  resumeName?: string | null;
  /** The name the new resume was sent with (shown back if the submit is refused). */
  resumeFileName?: string | null;
  /** The spam checks' fields (server/platform/form-guard.ts). */
  formTicket?: unknown;
  honeypot?: unknown;
  clientKey: string;
};

/** A kept resume is named by this token (unguessable), under the private folder /media never serves. */
const RESUME_TOKEN = /^[a-f0-9]{32}$/;
export const resumeKey = (token: string) => `private/resumes/${token}.pdf`;

/** A file name as the form shows it back: one line, not too long. */
const shownName = (name: string | null | undefined) => {
  // eslint-disable-next-line no-control-regex -- a file name shown back stays on one line
  const clean = (name ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return clean.length > 80 ? `${clean.slice(0, 79)}…` : clean;
};

/** The kept resume when it still exists and no application has taken it yet. */
async function keptResume(deps: Deps, token: string | null | undefined): Promise<string | null> {
  if (!token || !RESUME_TOKEN.test(token)) return null;
  const key = resumeKey(token);
  if (!(await deps.storage.stat(key))) return null;
  const [used] = await deps.db.select({ id: jobApplications.id }).from(jobApplications).where(eq(jobApplications.resumeKey, key)).limit(1);
  return used ? null : token;
}

/**
 * Sends an application to an open offer from /jobs/{id} (SPEC §3 Application). Inside: the spam checks (a
 * filled honeypot or a forged ticket refused at once; sent too fast or from a page left open too long refused
 * with the fields kept), at most 5 applications a minute from one client address, the offer open, every field
 * checked (errors per field), and the resume a PDF of at most 5 MB by its content. A refused submit keeps a valid
 * resume under `resumeToken` for the next try. The applicant then gets a confirmation in their language.
 */
export async function createApplication(deps: Deps, actor: Actor, input: ApplicationRequest): Promise<{ applicationId: string }> {
  assertCan(actor, "application.create");
  const now = deps.now();
  const verdict = checkFormGuard({
    secret: deps.formSecret,
    form: APPLY_FORM,
    now,
    minSeconds: deps.formMinFillSeconds,
    ticket: input.formTicket,
    honeypot: input.honeypot,
  });
  if (verdict === "form.refused") throw new DomainError("form.refused");
  const limit = await deps.rateLimiter.hit(`jobs:apply:${input.clientKey}`, APPLY_RATE_PER_CLIENT);
  if (!limit.allowed) throw new DomainError("rate_limited", { retryAfterSeconds: limit.retryAfterSeconds });

  const offerId = String(input.offerId ?? "");
  const [offer] = /^[A-Za-z0-9-]{1,64}$/.test(offerId)
    ? await deps.db.select().from(jobOffers).where(eq(jobOffers.id, offerId)).limit(1)
    : [];
  if (!offer) throw new DomainError("jobs.offer_not_found");
  if (offer.status !== "open") throw new DomainError("jobs.offer_closed");

  const fieldErrors: Record<string, string> = {};
  let data: ReturnType<typeof applicationInput.parse> | null = null;
  try {
    data = parseInput(applicationInput, {
      name: input.name,
      email: input.email,
      message: input.message,
      experience: input.experience,
      portfolioUrl: input.portfolioUrl,
      locale: input.locale,
    });
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    Object.assign(fieldErrors, (err.details?.fieldErrors ?? {}) as Record<string, string>);
  }

  let token = await keptResume(deps, input.resumeToken);
  let name = token ? shownName(input.resumeName) : "";
  const bytes = input.resume;
  if (bytes && bytes.byteLength > 0) {
    if (bytes.byteLength > RESUME_MAX_BYTES) fieldErrors.resume = "errors:jobs.resume_too_large";
    else if (!looksLikePdf(bytes)) fieldErrors.resume = "errors:jobs.resume_not_pdf";
    else {
      const fresh = randomBytes(16).toString("hex");
      await deps.storage.put(resumeKey(fresh), bytes, { contentType: "application/pdf" });
      // The kept one it replaces goes (no application has it).
      if (token) await deps.storage.remove(resumeKey(token));
      token = fresh;
      name = shownName(input.resumeFileName) || "resume.pdf";
    }
  } else if (!token) fieldErrors.resume = "errors:jobs.resume_required";
  const keep = () => ({ resumeToken: token ?? undefined, resumeName: token ? name : undefined });

  if (Object.keys(fieldErrors).length > 0 || !data) {
    const code = fieldErrors.resume && Object.keys(fieldErrors).length === 1 ? fieldErrors.resume.slice("errors:".length) : "input.invalid";
    throw new DomainError(code as "input.invalid", { fieldErrors, ...keep() });
  }
  if (verdict !== "ok") throw new DomainError(verdict, keep());

  const applicationId = randomUUID();
  const key = resumeKey(token!);
  const size = (await deps.storage.stat(key))?.size ?? 0;
  await deps.db.insert(jobApplications).values({
    id: applicationId,
    offerId: offer.id,
    name: data.name,
    email: data.email,
    message: data.message,
    experience: data.experience,
    portfolioUrl: data.portfolioUrl,
    resumeKey: key,
    resumeBytes: size,
    locale: data.locale,
    status: "pending",
    createdAt: now,
  });
  await sendConfirmation(deps, {
    email: data.email,
    name: data.name,
    locale: data.locale,
    title: data.locale === "en" ? offer.titleEn : offer.titleEs,
    offerId: offer.id,
  });
  return { applicationId };
}

/** "We received your application": in the applicant's language; a mail that fails leaves the application as it is. */
async function sendConfirmation(deps: Deps, a: { email: string; name: string; locale: "es" | "en"; title: string; offerId: string }) {
  try {
    const url = `${deps.baseUrl.replace(/\/$/, "")}/${a.locale}/jobs/${a.offerId}`;
    const rendered = renderEmail({ template: "job-application-received", name: a.name, title: a.title, url }, a.locale, deps.siteName);
    await deps.mailer.send({ template: "job-application-received", locale: a.locale, to: a.email, ...rendered });
  } catch (err) {
    deps.log.error("job application confirmation not sent", { err });
  }
}
