import type { AppLoadContext } from "react-router";
import type { AdminActionResult } from "#app/features/admin/shell";
import { actionFailure } from "#app/lib/form.server";
import type { Actor } from "#server/modules/accounts/actor";

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

const offerForm = (form: FormData) => ({
  id: text(form, "offerId"),
  titleEs: text(form, "titleEs"),
  titleEn: text(form, "titleEn"),
  descriptionEs: text(form, "descriptionEs"),
  descriptionEn: text(form, "descriptionEn"),
});

/** A refusal with what was typed and which form it came from. */
function failure(err: unknown, form: FormData) {
  const answer = actionFailure(err, form);
  answer.data.values.formId = text(form, "formId");
  answer.data.values.offerId = text(form, "offerId");
  return answer;
}

/** /admin/jobs's intents: create, update, open, close. */
export async function offersAction(context: AppLoadContext, actor: Actor, form: FormData) {
  const jobs = context.services.jobBoard;
  const intent = form.get("intent");
  try {
    if (intent === "create") {
      const r = await jobs.createOffer(actor, offerForm(form));
      return { ok: true, message: "jobs:admin.offers.created", messageValues: { title: r.title } } satisfies AdminActionResult;
    }
    if (intent === "update") {
      const r = await jobs.updateOffer(actor, offerForm(form));
      return { ok: true, message: "jobs:admin.offers.updated", messageValues: { title: r.title } } satisfies AdminActionResult;
    }
    if (intent === "close" || intent === "open") {
      const input = { id: text(form, "offerId") };
      const r = intent === "close" ? await jobs.closeOffer(actor, input) : await jobs.openOffer(actor, input);
      return {
        ok: true,
        message: intent === "close" ? "jobs:admin.offers.closed" : "jobs:admin.offers.opened",
        messageValues: { title: r.title },
      } satisfies AdminActionResult;
    }
    return failure({ name: "DomainError", code: "input.invalid", status: 400 }, form);
  } catch (err) {
    return failure(err, form);
  }
}

/** /admin/applications's intents: accept, reject (each with or without an email), delete. */
export async function applicationsAction(context: AppLoadContext, actor: Actor, form: FormData) {
  const jobs = context.services.jobBoard;
  const intent = form.get("intent");
  const applicationId = text(form, "applicationId");
  try {
    if (intent === "accept" || intent === "reject") {
      const input = { applicationId, sendEmail: form.get("sendEmail") === "on", message: text(form, "message") };
      const r = intent === "accept" ? await jobs.acceptApplication(actor, input) : await jobs.rejectApplication(actor, input);
      const key = `${intent === "accept" ? "accepted" : "rejected"}${r.emailed ? "Emailed" : ""}`;
      return { ok: true, message: `jobs:admin.applications.${key}`, messageValues: { name: r.name } } satisfies AdminActionResult;
    }
    if (intent === "delete") {
      const r = await jobs.deleteApplication(actor, { applicationId });
      return { ok: true, message: "jobs:admin.applications.deleted", messageValues: { name: r.name } } satisfies AdminActionResult;
    }
    return failure({ name: "DomainError", code: "input.invalid", status: 400 }, form);
  } catch (err) {
    const answer = failure(err, form);
    answer.data.values.applicationId = applicationId;
    return answer;
  }
}
