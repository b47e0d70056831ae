import type { AppLoadContext } from "react-router";
import type { Actor } from "#server/modules/accounts/actor";
import type { UploadPreview } from "#server/modules/campaigns/key-upload";
import { CAMPAIGN_LISTS, readCampaignForm } from "./campaign-form.server";
import { campaignFailure, list, text } from "./failure.server";

/** Fields that may hold key values: never sent back to the page. */
const SECRET = ["keysText", "key"] as const;

export type DecisionFailure = { requestId: string; code: string; values?: Record<string, string | number> };

/** What the manage page's action answers (a refusal is a `FormFailure` whose `values.intent` names the form). */
export type ManageResult =
  | {
      ok: true;
      intent: "update" | "status" | "save-upload" | "discard-upload" | "revoke";
      message: string;
      values?: Record<string, string | number>;
    }
  | { ok: true; intent: "decide"; decision: "approve" | "reject"; done: number; failed: DecisionFailure[] }
  | { ok: true; intent: "preview"; preview: UploadPreview }
  | { ok: true; intent: "trace"; trace: { status: string; region: string | null; holder: string | null; claimedAt: string | null } };

/** Only strings and numbers of an error's details travel to the page (to fill its message). */
const plain = (values: Record<string, unknown> | undefined) =>
  Object.fromEntries(Object.entries(values ?? {}).filter(([, v]) => typeof v === "string" || typeof v === "number")) as Record<
    string,
    string | number
  >;

/** The uploaded file's text, else the pasted text. */
async function uploadText(form: FormData): Promise<string> {
  const file = form.get("keysFile");
  if (file && typeof file === "object" && file.size > 0) return file.text();
  return text(form, "keysText");
}

/**
 * The manage page's forms, by intent: the details and the status, decisions on requests (one or the checked
 * ones), the key upload's preview, save and discard, revoking checked keys, and tracing a key. Every call
 * goes to the campaigns service, which checks the permission and that the campaign is this company's.
 */
export async function manageAction(context: AppLoadContext, actor: NonNullable<Actor>, campaignId: string, form: FormData) {
  const campaigns = context.services.campaigns;
  // A row's "Approve" button names only its request (`approveOne=<id>`) and submits the page's decision form.
  const intent = text(form, "intent") || (form.has("approveOne") ? "approve-one" : "");
  try {
    switch (intent) {
      case "update": {
        await campaigns.updateCampaign(actor, { ...readCampaignForm(form), campaignId });
        return { ok: true, intent, message: "company-campaigns:manage.details.saved" } satisfies ManageResult;
      }
      case "status": {
        const { status } = await campaigns.changeCampaignStatus(actor, { campaignId, status: text(form, "status") });
        return { ok: true, intent, message: "company-campaigns:manage.details.statusChanged", values: { status } } satisfies ManageResult;
      }
      case "approve":
      case "reject":
      case "approve-one": {
        const one = intent === "approve-one";
        const requestIds = one ? [text(form, "approveOne")] : list(form, "requestIds");
        if (requestIds.length === 0 || requestIds[0] === "") {
          const err = {
            name: "DomainError",
            code: "input.invalid",
            status: 400,
            details: { fieldErrors: { requestIds: "company-campaigns:manage.requests.noneSelected" } },
          };
          return campaignFailure(err, form, { lists: ["requestIds"] });
        }
        const decision = intent === "reject" ? "reject" : "approve";
        const result =
          decision === "reject"
            ? await campaigns.rejectRequests(actor, { requestIds, reason: text(form, "reason") })
            : await campaigns.approveRequests(actor, { requestIds });
        return {
          ok: true,
          intent: "decide",
          decision,
          done: result.done.length,
          failed: result.failed.map((f) => ({ requestId: f.requestId, code: f.code, values: plain(f.values) })),
        } satisfies ManageResult;
      }
      case "preview": {
        const preview = await campaigns.previewKeyUpload(actor, { campaignId, text: await uploadText(form) });
        return { ok: true, intent, preview } satisfies ManageResult;
      }
      case "save-upload": {
        const { saved } = await campaigns.saveKeyUpload(actor, { campaignId, uploadId: text(form, "uploadId") });
        return { ok: true, intent, message: "company-campaigns:manage.keys.saved", values: { count: saved } } satisfies ManageResult;
      }
      case "discard-upload": {
        await campaigns.discardKeyUpload(actor, { campaignId, uploadId: text(form, "uploadId") });
        return { ok: true, intent, message: "company-campaigns:manage.keys.discarded" } satisfies ManageResult;
      }
      case "revoke": {
        const { revoked } = await campaigns.revokeKeys(actor, { campaignId, keyIds: list(form, "keyIds") });
        return { ok: true, intent, message: "company-campaigns:manage.keys.revoked", values: { count: revoked } } satisfies ManageResult;
      }
      case "trace": {
        const found = await campaigns.traceKey(actor, { key: text(form, "key") });
        return {
          ok: true,
          intent,
          trace: { status: found.status, region: found.region, holder: found.holder, claimedAt: found.claimedAt?.toISOString() ?? null },
        } satisfies ManageResult;
      }
      default:
        throw { name: "DomainError", code: "input.invalid", status: 400 };
    }
  } catch (err) {
    return campaignFailure(err, form, {
      lists: intent === "update" ? CAMPAIGN_LISTS : intent === "revoke" ? ["keyIds"] : ["requestIds"],
      drop: SECRET,
      fieldFor: { "campaigns.game_not_found": "gameId" },
    });
  }
}
