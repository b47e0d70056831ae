import { useTranslation } from "react-i18next";
import { ContactForm } from "#app/features/contact/contact-form";
import { ContactSent } from "#app/features/contact/contact-sent";
import { HONEYPOT_FIELD, FORM_TICKET_FIELD } from "#shared/form-guard";
import type { FormFailure } from "#app/lib/form";
import { actionFailure } from "#app/lib/form.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import type { Route } from "./+types/contact";

export const handle = { i18n: ["contact"] };
export { actionHeaders as headers } from "#app/lib/route-headers";

/** /contact (SPEC §2): the form for anyone; a signed-in person starts with their name and email filled in. */
export function loader({ context, request }: Route.LoaderArgs) {
  const { t, seo, site } = pageTools(context, request, "contact");
  const actor = context.actor;
  return {
    ticket: context.services.contact.formTicket(),
    start: { name: actor?.username ?? "", email: actor?.email ?? "" },
    seo: seo({ title: t("title"), description: t("metaDescription", { site }) }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

const FIELDS = ["name", "email", "company", "inquiryType", "message"] as const;

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const fields = Object.fromEntries(FIELDS.map((f) => [f, form.get(f) ?? undefined]));
  try {
    const sent = await context.services.contact.send(context.actor, {
      ...fields,
      locale: context.locale,
      ticket: form.get(FORM_TICKET_FIELD),
      honeypot: form.get(HONEYPOT_FIELD),
      clientKey: context.clientKey,
    });
    return { ok: true as const, email: sent.email };
  } catch (err) {
    return actionFailure(err, form);
  }
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("contact");
  const failure = actionData && !actionData.ok ? (actionData as FormFailure) : undefined;
  return (
    <div className="mx-auto max-w-2xl space-y-8">
      <header className="space-y-3">
        <h1 className="text-3xl font-black">{t("title")}</h1>
        <p className="text-muted-foreground">{t("lead")}</p>
      </header>
      {actionData?.ok ? (
        <ContactSent email={actionData.email} />
      ) : (
        <ContactForm ticket={loaderData.ticket} start={loaderData.start} failure={failure} />
      )}
    </div>
  );
}
