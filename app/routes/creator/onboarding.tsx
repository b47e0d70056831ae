import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { FormAlert } from "#app/components/ui/form-field";
import { CHANNEL_ROWS_MAX, checkRows, emptyRow, rowsFromForm, type ChannelRow, type RowErrors } from "#app/features/campaigns/channel-rows";
import { ChannelsForm, type ChannelReview, type VerifyResult } from "#app/features/campaigns/channels-form";
import { actionFailure, isDomainErrorLike } from "#app/lib/form.server";
import { requireRoles } from "#app/lib/guards.server";
import { pageTools } from "#app/lib/page.server";
import { actionHeaders } from "#app/lib/route-headers";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import { channelKey, youtubeChannelPath } from "#shared/channel-key";
import type { Route } from "./+types/onboarding";

export const handle = { i18n: ["campaigns"] };
export { actionHeaders as headers };

/**
 * /creator/onboarding (SPEC §2): the channels a creator covers games on, with their audience; each
 * saved channel's state (verified, checked by the team, stated only) and, for a YouTube channel, its code and a
 * Verify button.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const actor = requireRoles(context, request, ["creator"]);
  const { t, seo } = pageTools(context, request, "campaigns");
  const meta = { seo: seo({ title: t("onboarding.title"), description: t("onboarding.metaDescription"), noindex: true, nofollow: true }) };
  try {
    // Channels saved together share their creation time: the address keeps their order the same on every load.
    const channels = (await context.services.campaigns.listOwnChannels(actor)).sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.url.localeCompare(b.url),
    );
    return {
      ...meta,
      blocked: null,
      canVerify: context.services.campaigns.channelAbilities(actor).verify,
      channels: channels.map((c) => {
        const key = c.channelKey ?? channelKey(c.url);
        return {
          kind: c.kind as string,
          url: c.url,
          subscribers: String(c.subscribers),
          averageViews: String(c.averageViews),
          languages: c.languages,
          key,
          review: {
            id: c.id,
            checked: !!c.checkedAt,
            verified: !!c.verifiedAt,
            flagged: !!c.flaggedAt,
            flagReason: c.flagReason,
            verifyCode: c.verifyCode,
            verifiable: !!key && !!youtubeChannelPath(key),
          } satisfies ChannelReview,
        };
      }),
    };
  } catch (err) {
    // An unconfirmed email: the page says why instead of a form that would be refused.
    if (isDomainErrorLike(err) && err.status === 403) return { ...meta, blocked: `errors:${err.code}`, canVerify: false, channels: [] };
    throw err;
  }
}

type OnboardingResult =
  | { kind: "draft"; rows: ChannelRow[]; errors: Record<number, RowErrors>; formError?: string; stamp: number }
  | { kind: "saved"; stamp: number }
  | VerifyResult;

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requireRoles(context, request, ["creator"]);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  if (intent === "verify") {
    const channelId = String(form.get("channelId") ?? "");
    try {
      await context.services.campaigns.verifyChannel(actor, { channelId });
      return { kind: "verify", channelId, ok: true, message: "campaigns:onboarding.verify.done", stamp: Date.now() } satisfies VerifyResult;
    } catch (err) {
      const failure = actionFailure(err, null);
      const body: VerifyResult = {
        kind: "verify",
        channelId,
        ok: false,
        message: failure.data.formError ?? "errors:input.invalid",
        values: failure.data.formErrorValues,
        stamp: Date.now(),
      };
      return data(body, failure.init ?? { status: 400 });
    }
  }
  const rows = rowsFromForm(form);
  if (intent === "add") {
    const more = rows.length < CHANNEL_ROWS_MAX ? [...rows, emptyRow()] : rows;
    return { kind: "draft", rows: more, errors: {}, stamp: Date.now() } satisfies OnboardingResult;
  }
  const removed = /^remove-(\d+)$/.exec(intent);
  if (removed) {
    const rest = rows.filter((_, i) => i !== Number(removed[1]));
    return { kind: "draft", rows: rest.length ? rest : [emptyRow()], errors: {}, stamp: Date.now() } satisfies OnboardingResult;
  }
  if (intent !== "save") throw new Response("Bad Request", { status: 400 });
  const { channels, errors } = checkRows(rows);
  if (Object.keys(errors).length)
    return data({ kind: "draft", rows, errors, formError: "errors:input.invalid", stamp: Date.now() } satisfies OnboardingResult, {
      status: 400,
    });
  try {
    await context.services.campaigns.saveChannels(actor, { channels });
    return { kind: "saved", stamp: Date.now() } satisfies OnboardingResult;
  } catch (err) {
    const failure = actionFailure(err, null);
    // A channel another account holds: the message goes beside each such address, and every row stays as typed.
    const rowErrors: Record<number, RowErrors> = {};
    if (isDomainErrorLike(err) && err.code === "campaigns.channel_claimed") {
      const claimed = new Set(
        (Array.isArray(err.details?.claimed) ? (err.details.claimed as unknown[]) : []).map((u) => channelKey(String(u))),
      );
      rows.forEach((r, i) => {
        if (r.url && claimed.has(channelKey(r.url))) rowErrors[i] = { url: "errors:campaigns.channel_claimed" };
      });
    }
    return data(
      { kind: "draft", rows, errors: rowErrors, formError: failure.data.formError, stamp: Date.now() } satisfies OnboardingResult,
      { status: failure.init?.status ?? 400 },
    );
  }
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function Onboarding({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("campaigns");
  const { to } = useLocalePath();
  const { channels, blocked, canVerify } = loaderData;
  const result = actionData as OnboardingResult | undefined;
  const reviews = Object.fromEntries(channels.flatMap((c) => (c.key ? [[c.key, c.review]] : [])));
  const draft = result?.kind === "draft" ? result : null;
  const saved = channels.map(({ review: _review, key: _key, ...row }) => row);
  const rows = draft ? draft.rows : saved.length < CHANNEL_ROWS_MAX ? [...saved, emptyRow()] : saved;
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-6 py-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-black">{t("onboarding.title")}</h1>
        <p className="text-muted-foreground">{t("onboarding.lead")}</p>
        <p className="rounded-control border border-border bg-muted p-3 text-sm">{t("onboarding.statement")}</p>
      </header>
      {blocked ? (
        <FormAlert message={blocked} />
      ) : (
        <>
          {result?.kind === "saved" ? (
            <div className="space-y-2">
              <FormAlert variant="success" message="campaigns:onboarding.saved" />
              {channels.length ? (
                <p className="text-sm">
                  {t("onboarding.nextText")}{" "}
                  <Link to={to("/campaigns")} className="link">
                    {t("onboarding.next")}
                  </Link>
                </p>
              ) : null}
            </div>
          ) : null}
          {/* A Verify about no channel of this list (removed meanwhile, someone else's): said here. */}
          {result?.kind === "verify" && !channels.some((c) => c.review.id === result.channelId) ? (
            <FormAlert message={result.message} values={result.values} />
          ) : null}
          {channels.length === 0 && !draft ? <p className="text-sm text-muted-foreground">{t("onboarding.empty")}</p> : null}
          <ChannelsForm
            key={result ? `${result.kind}-${result.stamp}` : "loaded"}
            rows={rows}
            errors={draft?.errors ?? {}}
            reviews={reviews}
            formError={draft?.formError}
            canVerify={canVerify}
            verifyResult={result?.kind === "verify" ? result : undefined}
          />
        </>
      )}
    </main>
  );
}
