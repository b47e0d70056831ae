import { data, type AppLoadContext } from "react-router";
import { formValues, type FormFailure } from "#app/lib/form";
import { isDomainErrorLike } from "#app/lib/form.server";
import { loginRedirect, requireRoles } from "#app/lib/guards.server";
import { isNotFound, pageErrorFor } from "#app/lib/page-error.server";
import { pageTools } from "#app/lib/page.server";

/**
 * What every admin tab's loader and action starts with: the same guard as the layout (a direct request to
 * a tab's data is guarded too), the admin service, and noindex metadata in the page's language.
 */
export function adminPage(context: AppLoadContext, request: Request) {
  const actor = requireRoles(context, request, ["Admin", "Moderator"]);
  const tools = pageTools(context, request, "admin");
  const seo = (titleKey: string) => {
    const title = tools.t(titleKey);
    return tools.seo({ title, description: tools.t("meta.description", { site: tools.site }), noindex: true, nofollow: true });
  };
  return { actor, admin: context.services.admin, ...tools, seo };
}

/**
 * A tab's loader asks its operation, and a refusal becomes a page: not signed in → the login page,
 * forbidden → a translated 403 (shown inside the admin chrome), not found → 404.
 */
export async function orRefused<T>(context: AppLoadContext, request: Request, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (!isDomainErrorLike(err)) throw err;
    if (err.code === "auth.unauthenticated") throw loginRedirect(context, request);
    if (err.status === 403) throw data({ code: err.code }, { status: 403 });
    if (isNotFound(err)) pageErrorFor(err);
    throw err;
  }
}

/** Query parameters as a plain object, for list operations (`?q=&page=&status=`). */
export const searchParamsOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

/** An action posted with an intent it does not know. */
export function unknownIntent(form: FormData) {
  return data<FormFailure>({ ok: false, values: formValues(form), fieldErrors: {}, formError: "errors:input.invalid" }, { status: 400 });
}

/**
 * A reason the form needs (`when`) but left empty, said the way the page means it (`message`: who reads the
 * reason); the operation refuses it as well, with its general message. Null when the reason is there.
 */
export function reasonMissing(form: FormData, when: boolean, message: string) {
  if (!when || String(form.get("reason") ?? "").trim()) return null;
  return data<FormFailure>({ ok: false, values: formValues(form), fieldErrors: { reason: message }, formError: message }, { status: 400 });
}
