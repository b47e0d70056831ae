import { redirect, type AppLoadContext } from "react-router";
import { actionFailure, isDomainErrorLike } from "#app/lib/form.server";
import type { FormFailure } from "#app/lib/form";
import { FORM_TICKET_FIELD, HONEYPOT_FIELD } from "#shared/form-guard";

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/** The application's fields the form sends (the resume apart). */
const FIELDS = ["name", "email", "message", "experience", "portfolioUrl"] as const;

/** A refused application: what was typed, and the resume kept by token (with the name it was sent with). */
export type ApplyFailure = FormFailure & { resumeToken?: string | null; resumeName?: string | null };

/**
 * Sends the application form of /jobs/{id} (multipart: the resume is a file). Accepted: back to the offer's page,
 * which says so; refused: the answer keeps everything typed and the resume's token.
 */
export async function submitApplication(context: AppLoadContext, offerId: string, form: FormData) {
  const file = form.get("resume");
  const resume = file && typeof file === "object" && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
  const resumeFileName = file && typeof file === "object" ? file.name : null;
  try {
    await context.services.jobBoard.apply(context.actor, {
      offerId,
      ...Object.fromEntries(FIELDS.map((f) => [f, text(form, f)])),
      locale: context.locale,
      resume,
      resumeFileName,
      resumeToken: text(form, "resumeToken") || null,
      resumeName: text(form, "resumeName") || null,
      formTicket: form.get(FORM_TICKET_FIELD),
      honeypot: form.get(HONEYPOT_FIELD),
      clientKey: context.clientKey,
    });
    return redirect(`${context.localePrefix}/jobs/${encodeURIComponent(offerId)}?applied=1`);
  } catch (err) {
    const answer = actionFailure(err, form);
    const body = answer.data as ApplyFailure;
    const details = isDomainErrorLike(err) ? err.details : undefined;
    body.resumeToken = typeof details?.resumeToken === "string" ? details.resumeToken : null;
    body.resumeName = typeof details?.resumeName === "string" ? details.resumeName : null;
    if (body.formErrorValues) {
      delete body.formErrorValues.resumeToken;
      delete body.formErrorValues.resumeName;
    }
    delete body.values[HONEYPOT_FIELD];
    delete body.values[FORM_TICKET_FIELD];
    return answer;
  }
}
