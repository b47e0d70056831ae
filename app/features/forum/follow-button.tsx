import { Icon } from "#app/components/ui/icon";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import type { FormFailure } from "#app/lib/form";
import { failureOf, JsFlag, PendingButton, type InteractionResult } from "./fetcher-kit";

/**
 * Follow / unfollow (a thread, or a person): a toggle button whose pressed state says whether I follow.
 * `fields` names what is followed (`threadId` or `userId`); the page's action takes the intents
 * "follow" and "unfollow". Visitors get a link to sign in and come back instead.
 */
export function FollowButton({
  following,
  fields,
  label,
  loginHref,
  failure,
}: {
  following: boolean;
  fields: Record<string, string>;
  label: string;
  /** For visitors: where signing in starts (null: the button is not offered). */
  loginHref?: string | null;
  failure?: FormFailure;
}) {
  const { t } = useTranslation("forum");
  const fetcher = useFetcher<InteractionResult>();
  if (loginHref) {
    return (
      <Link className="btn btn-outline" to={loginHref}>
        <Icon name="bell" size={16} />
        {t("interact.signInToFollow")}
      </Link>
    );
  }
  const sending = fetcher.formData?.get("intent");
  const on = sending === "follow" ? true : sending === "unfollow" ? false : following;
  const error = failureOf(fetcher.data, ["follow", "unfollow"]) ?? failure;
  return (
    <fetcher.Form method="post" className="inline-flex flex-wrap items-center gap-2">
      <JsFlag />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <PendingButton
        pending={fetcher.state === "submitting"}
        value={on ? "unfollow" : "follow"}
        pressed={on}
        className={on ? "btn btn-primary" : "btn btn-outline"}
      >
        {on ? <Icon name="bell-ring" size={16} /> : <Icon name="bell" size={16} />}
        {label}
      </PendingButton>
      {error?.formError ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t(error.formError, error.formErrorValues)}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
