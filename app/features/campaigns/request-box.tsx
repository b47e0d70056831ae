import { useTranslation } from "react-i18next";
import { Form, Link, useParams } from "react-router";
import { FormAlert, SelectField, SubmitButton, TextAreaField } from "#app/components/ui/form-field";
import { Icon } from "#app/components/ui/icon";
import type { FormFailure } from "#app/lib/form";
import { useLocalePath } from "#app/lib/use-locale";
import { CAMPAIGN_LIMITS } from "#shared/campaigns";

/** What the campaign page's action answers to a request. */
export type RequestResult = { ok: true; status: "pending" | "approved" } | FormFailure;

export type RequestState = {
  request: boolean;
  reason: string | null;
  onboarded: boolean;
  meetsMinimums: boolean | null;
  /** The stated figures meet them, but no verified or team-checked channel does. */
  meetsStated?: boolean | null;
  myRequest: string | null;
};

/**
 * The campaign page's Request box: what this person can do about a key. A visitor is sent to sign in (and back),
 * a refused account is told why, a creator without channels is sent to onboarding, one who already asked sees
 * the request's status; otherwise the form (platform, region, an optional message).
 */
export function RequestBox({
  campaign,
  state,
  signedIn,
  result,
  returnTo,
}: {
  campaign: { open: boolean; platforms: string[]; regions: string[] };
  state: RequestState;
  signedIn: boolean;
  result: RequestResult | undefined;
  returnTo: string;
}) {
  const { t } = useTranslation("campaigns");
  const { to } = useLocalePath();
  const { campaignId } = useParams();
  const failed = result && !result.ok ? result : null;
  const value = (name: string) => failed?.values[name];
  let body: React.ReactNode;
  if (signedIn && state.myRequest) {
    body = (
      <>
        <p className="text-sm">{t("request.alreadyText", { status: t(`requestStatuses.${state.myRequest}`) })}</p>
        <Link to={to("/my-keys")} className="btn btn-outline w-full">
          {t("request.myKeysLink")}
        </Link>
      </>
    );
  } else if (!campaign.open) {
    body = <p className="text-sm">{t("request.closed")}</p>;
  } else if (!signedIn) {
    body = (
      <>
        <p className="text-sm text-muted-foreground">{t("request.signInText")}</p>
        <Link to={to(`/login?redirectTo=${encodeURIComponent(returnTo)}`)} className="btn btn-primary btn-lg w-full">
          {t("request.signIn")}
        </Link>
      </>
    );
  } else if (state.reason) {
    body = (
      <>
        <p className="text-sm">{t(state.reason)}</p>
        {state.reason === "errors:campaigns.creators_only" ? (
          <Link to={to("/account#creator")} className="btn btn-outline w-full">
            {t("request.becomeCreator")}
          </Link>
        ) : null}
      </>
    );
  } else if (!state.onboarded) {
    body = (
      <>
        <p className="text-sm">{t("request.onboardingText")}</p>
        <Link to={to("/creator/onboarding")} className="btn btn-primary w-full">
          {t("request.onboardingLink")}
        </Link>
      </>
    );
  } else {
    body = (
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="request" />
        {state.meetsMinimums === false && state.meetsStated ? (
          <p className="text-sm text-warning-text">
            {t("request.statedOnly")}{" "}
            <Link to={to("/creator/onboarding")} className="link">
              {t("request.verifyLink")}
            </Link>
          </p>
        ) : state.meetsMinimums === false ? (
          <p className="text-sm text-warning-text">{t("request.below")}</p>
        ) : state.meetsMinimums ? (
          <p className="text-sm text-positive">{t("request.meets")}</p>
        ) : null}
        {/* Side by side and the message folded away, so the request button stays in a phone's first screen. */}
        <div className="grid grid-cols-2 gap-3">
          <SelectField
            label={t("request.platform")}
            name="platform"
            required
            defaultValue={value("platform") ?? campaign.platforms[0]}
            error={failed?.fieldErrors.platform}
          >
            {campaign.platforms.map((p) => (
              <option key={p} value={p}>
                {t(`platforms.${p}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t("request.region")}
            name="region"
            required
            defaultValue={value("region") ?? campaign.regions[0]}
            error={failed?.fieldErrors.region}
          >
            {campaign.regions.map((r) => (
              <option key={r} value={r}>
                {t(`regions.${r}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <details className="group" open={!!value("message") || !!failed?.fieldErrors.message}>
          <summary className="link inline-flex min-h-6 cursor-pointer items-center gap-1 text-sm font-semibold">
            <Icon name="chevron-right" size={16} className="transition-transform group-open:rotate-90" />
            {t("request.addMessage")}
          </summary>
          <div className="pt-3">
            <TextAreaField
              label={t("request.message")}
              name="message"
              rows={4}
              maxLength={CAMPAIGN_LIMITS.requestMessageMax}
              hint={t("request.messageHint", { max: CAMPAIGN_LIMITS.requestMessageMax })}
              defaultValue={value("message") ?? ""}
              error={failed?.fieldErrors.message}
            />
          </div>
        </details>
        {/* The click counts a campaign_request_click (app/lib/track-clicks.ts), with the campaign as its detail. */}
        <div data-track-event="campaign_request_click" data-track-id="campaign-request" data-track-detail={campaignId}>
          <SubmitButton className="btn btn-primary btn-lg w-full" pendingLabel={t("request.sending")}>
            {t("request.submit")}
          </SubmitButton>
        </div>
      </Form>
    );
  }
  return (
    <section className="card space-y-4 p-5" aria-labelledby="request-heading">
      <h2 id="request-heading" className="text-lg font-bold">
        {t("request.title")}
      </h2>
      <div aria-live="polite" className="empty:hidden">
        {result?.ok ? <FormAlert variant="success" message={`campaigns:request.${result.status}`} /> : null}
        {failed ? <FormAlert message={failed.formError} values={failed.formErrorValues} /> : null}
      </div>
      {body}
    </section>
  );
}
