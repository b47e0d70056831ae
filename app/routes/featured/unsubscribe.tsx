import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import { FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { isDomainErrorLike } from "#app/lib/form.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import type { Route } from "./+types/unsubscribe";

export const handle = { i18n: ["promotions"] };

const linkOf = (request: Request) => {
  const url = new URL(request.url);
  return { c: url.searchParams.get("c") ?? "", s: url.searchParams.get("s") ?? "" };
};

/**
 * /promotions/unsubscribe?c=&s=: a studio leaves the promotional email list from the signed link
 * of any promotional email, without signing in. The page asks for a click (a POST), so link scanners that
 * open the link do not unsubscribe anyone; a link whose signature does not match is refused.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { t, seo } = pageTools(context, request, "promotions");
  const head = seo({ title: t("unsubscribe.title"), description: t("unsubscribe.title"), noindex: true, nofollow: true });
  const link = linkOf(request);
  try {
    const company = await context.services.promotions.checkUnsubscribeLink(link);
    return { seo: head, link, companyName: company.companyName, invalid: false };
  } catch (err) {
    if (!isDomainErrorLike(err) || err.code !== "promotions.unsubscribe_invalid") throw err;
    return data({ seo: head, link, companyName: "", invalid: true }, { status: 400 });
  }
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const link = { c: String(form.get("c") ?? ""), s: String(form.get("s") ?? "") };
  try {
    await context.services.promotions.unsubscribeStudio(link);
    return { done: true as const };
  } catch (err) {
    if (!isDomainErrorLike(err) || err.code !== "promotions.unsubscribe_invalid") throw err;
    return data({ done: false as const }, { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ data: d }) => seoMeta(d?.seo, d?.seo.fullTitle);

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("promotions");
  const { link, companyName, invalid } = loaderData;
  return (
    <article className="max-w-2xl">
      <h1 className="text-3xl font-black">{t("unsubscribe.title")}</h1>
      <div className="mt-6 space-y-4" aria-live="polite">
        {actionData?.done ? (
          <FormAlert variant="success" message="promotions:unsubscribe.done" values={{ company: companyName }} />
        ) : invalid || actionData?.done === false ? (
          <FormAlert message="errors:promotions.unsubscribe_invalid" />
        ) : (
          <>
            <p>{t("unsubscribe.question", { company: companyName })}</p>
            <Form method="post">
              <input type="hidden" name="c" value={link.c} />
              <input type="hidden" name="s" value={link.s} />
              <SubmitButton>{t("unsubscribe.confirm")}</SubmitButton>
            </Form>
          </>
        )}
      </div>
    </article>
  );
}
