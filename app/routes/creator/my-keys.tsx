import { useTranslation } from "react-i18next";
import { data, Link, type HeadersArgs } from "react-router";
import { EmptyState } from "#app/components/ui/empty-state";
import { FormAlert } from "#app/components/ui/form-field";
import { Icon } from "#app/components/ui/icon";
import { RowList } from "#app/components/ui/list";
import { KeyRequest, type MyKeysResult } from "#app/features/campaigns/key-request";
import { actionFailure, isDomainErrorLike } from "#app/lib/form.server";
import { requireRoles } from "#app/lib/guards.server";
import { isNotFound, pageErrorFor } from "#app/lib/page-error.server";
import { pageTools } from "#app/lib/page.server";
import { actionHeaders } from "#app/lib/route-headers";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/my-keys";

export const handle = { i18n: ["campaigns"] };

/** A revealed key is in this page's answer: no browser or proxy may keep any copy of it. */
export function headers(args: HeadersArgs): Headers {
  const out = actionHeaders(args);
  out.set("Cache-Control", "no-store");
  return out;
}

/** /my-keys (SPEC §2): the creator's requests, keys and the coverage they owe. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const actor = requireRoles(context, request, ["creator"]);
  const { t, seo } = pageTools(context, request, "campaigns");
  const meta = { seo: seo({ title: t("myKeys.title"), description: t("myKeys.metaDescription"), noindex: true, nofollow: true }) };
  try {
    return { ...meta, blocked: null, items: await context.services.campaigns.myKeys(actor) };
  } catch (err) {
    // An unconfirmed email: the page says why.
    if (isDomainErrorLike(err) && err.status === 403) return { ...meta, blocked: `errors:${err.code}`, items: [] };
    throw err;
  }
}

const INTENTS = ["reveal", "add-coverage", "remove-coverage"] as const;

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requireRoles(context, request, ["creator"]);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (!(INTENTS as readonly string[]).includes(intent)) throw new Response("Bad Request", { status: 400 });
  const field = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  const requestId = field("requestId") ?? "";
  const campaigns = context.services.campaigns;
  try {
    if (intent === "reveal") {
      const { key } = await campaigns.revealKey(actor, { requestId });
      return { ok: true, intent: "reveal", requestId, key } satisfies MyKeysResult;
    }
    if (intent === "add-coverage") {
      await campaigns.addCoverage(actor, { requestId, url: field("url") ?? "" });
      return { ok: true, intent: "add-coverage", requestId, message: "campaigns:myKeys.added" } satisfies MyKeysResult;
    }
    await campaigns.removeCoverage(actor, { linkId: field("linkId") ?? "" });
    return { ok: true, intent: "remove-coverage", requestId, message: "campaigns:myKeys.removed" } satisfies MyKeysResult;
  } catch (err) {
    // Someone else's request or link is "not found", as the page of an unknown one would be.
    if (isNotFound(err)) pageErrorFor(err);
    const failure = actionFailure(err, form);
    return data({ ...failure.data, intent, requestId } satisfies MyKeysResult, failure.init ?? undefined);
  }
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function MyKeys({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("campaigns");
  const { to } = useLocalePath();
  const { items, blocked } = loaderData;
  const result = actionData as MyKeysResult | undefined;
  // A failure about no request on this page (a stale or tampered form) is said above the list.
  const stray = result && !result.ok && !items.some((i) => i.requestId === result.requestId) ? result : null;
  return (
    <main id="main" className="mx-auto max-w-4xl space-y-6 py-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-black">{t("myKeys.title")}</h1>
        <p className="text-muted-foreground">{t("myKeys.lead")}</p>
      </header>
      {stray ? <FormAlert message={stray.formError} values={stray.formErrorValues} /> : null}
      {blocked ? (
        <FormAlert message={blocked} />
      ) : items.length === 0 ? (
        <EmptyState
          title={t("myKeys.empty.title")}
          icon={<Icon name="key-round" size={32} />}
          action={
            <Link to={to("/campaigns")} className="btn btn-primary">
              {t("myKeys.empty.action")}
            </Link>
          }
        >
          {t("myKeys.empty.text")}
        </EmptyState>
      ) : (
        <RowList>
          {items.map((item) => (
            <li key={item.requestId}>
              <KeyRequest item={item} result={result && result.requestId === item.requestId ? result : null} />
            </li>
          ))}
        </RowList>
      )}
    </main>
  );
}
