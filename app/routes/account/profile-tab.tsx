import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { MiniAvatar } from "#app/components/ui/avatar";
import { FileInput } from "#app/components/ui/file-input";
import { Field, FormAlert, SubmitButton, TextAreaField } from "#app/components/ui/form-field";
import { refusal } from "#app/features/account/failure";
import { readLimitedFormData } from "#app/features/account/multipart.server";
import { profileFormSchema } from "#app/features/account/profile-form";
import { AVATAR_ACCEPT, AVATAR_MAX_BYTES, BIO_MAX, SOCIAL_SITES } from "#shared/profile-limits";
import { resultFor, success } from "#app/features/account/results";
import { UsernameStatus, useUsernameCheck } from "#app/features/account/username-check";
import { formatDate } from "#app/i18n/format";
import { parseForm, type FormFailure } from "#app/lib/form";
import { actionFailure, isDomainErrorLike } from "#app/lib/form.server";
import { requireUser } from "#app/lib/guards.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/profile-tab";

export const handle = { i18n: ["account"] };

/** Room for the multipart boundaries and the other fields around a 10 MB image. */
const MULTIPART_OVERHEAD = 64 * 1024;

export async function loader({ context, request }: Route.LoaderArgs) {
  const actor = requireUser(context, request);
  const { t, seo } = pageTools(context, request, "account");
  const accounts = context.services.accounts;
  // The username field asks this loader while the person types (?index&checkUsername=…).
  const check = new URL(request.url).searchParams.get("checkUsername");
  return {
    seo: seo({ title: `${t("profile.title")} · ${t("title")}`, description: t("description"), noindex: true }),
    settings: await accounts.getAccountSettings(actor),
    // The generated picture of a member without one, as everywhere else.
    userId: actor.userId,
    availability: check !== null ? await accounts.checkUsernameAvailability(actor, { username: check.slice(0, 100) }) : null,
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requireUser(context, request);
  const accounts = context.services.accounts;
  const multipart = (request.headers.get("content-type") ?? "").startsWith("multipart/form-data");
  const formData = multipart ? await readLimitedFormData(request, AVATAR_MAX_BYTES + MULTIPART_OVERHEAD) : await request.formData();
  if (!formData) {
    const sent = new FormData();
    sent.set("intent", "avatar");
    return actionFailure(refusal("accounts.avatar_too_large", 413), sent, { "accounts.avatar_too_large": "avatar" });
  }
  const intent = String(formData.get("intent") ?? "");
  try {
    switch (intent) {
      case "username": {
        const { username } = await accounts.changeUsername(actor, { username: String(formData.get("username") ?? "") });
        return success(intent, "account:profile.username.saved", { username });
      }
      case "profile": {
        const parsed = parseForm(profileFormSchema, formData);
        if (!parsed.ok) return parsed;
        const d = parsed.data;
        await accounts.updateProfile(actor, {
          bio: d.bio,
          showEmail: d.showEmail === "on",
          locale: d.locale,
          socialLinks: Object.fromEntries(SOCIAL_SITES.map((s) => [s, d[`link_${s}`] ?? ""])),
        });
        return success(intent, "account:profile.about.saved");
      }
      case "avatar": {
        const file = formData.get("avatar");
        if (!(file instanceof File) || file.size === 0) {
          const failure: FormFailure = {
            ok: false,
            values: { intent },
            fieldErrors: { avatar: "account:profile.avatar.chooseFile" },
            formError: "account:profile.avatar.chooseFile",
          };
          return failure;
        }
        if (file.size > AVATAR_MAX_BYTES)
          return actionFailure(refusal("accounts.avatar_too_large", 413), formData, { "accounts.avatar_too_large": "avatar" });
        await accounts.uploadAvatar(actor, { bytes: new Uint8Array(await file.arrayBuffer()) });
        return success(intent, "account:profile.avatar.saved");
      }
      case "remove-avatar":
        await accounts.removeAvatar(actor);
        return success(intent, "account:profile.avatar.removed");
      case "become-creator": {
        // Sent from the confirmation step only (see RoleSection).
        if (formData.get("confirm") !== "yes") throw new Response("Bad Request", { status: 400 });
        await accounts.becomeCreator(actor);
        return success(intent, "account:profile.role.done");
      }
      default:
        throw new Response("Bad Request", { status: 400 });
    }
  } catch (err) {
    if (!isDomainErrorLike(err)) throw err;
    if (err.code === "accounts.username_too_soon" && typeof err.details?.date === "string") {
      const date = formatDate(err.details.date, context.locale);
      return actionFailure({ ...refusal(err.code, err.status), details: { date } }, formData, { [err.code]: "username" });
    }
    if (err.code === "accounts.link_invalid" && typeof err.details?.field === "string") {
      return actionFailure(err, formData, { [err.code]: `link_${err.details.field}` });
    }
    return actionFailure(err, formData, {
      "accounts.username_invalid": "username",
      "accounts.username_reserved": "username",
      "accounts.username_taken": "username",
      "accounts.avatar_type": "avatar",
      "accounts.avatar_too_large": "avatar",
    });
  }
}

export default function ProfileTab({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { to } = useLocalePath();
  const { settings } = loaderData;
  return (
    <div className="space-y-8">
      <p>
        <Link className="link inline-block py-1" to={to(`/u/${settings.username}`)}>
          {t("profile.viewPublic")}
        </Link>
      </p>
      <RoleSection settings={settings} result={actionData} />
      {/* Name and picture side by side where the column is wide. */}
      <div className="grid items-start gap-8 xl:grid-cols-2">
        <UsernameSection settings={settings} result={actionData} />
        <AvatarSection settings={settings} userId={loaderData.userId} result={actionData} />
      </div>
      <AboutSection settings={settings} result={actionData} />
    </div>
  );
}

type Settings = Route.ComponentProps["loaderData"]["settings"];
type Result = Route.ComponentProps["actionData"];

/**
 * A player (a member without a profile role) can become a creator, after a confirmation step that
 * works without JavaScript (a disclosure holding the confirming form). Shown to players, and to the person
 * who just became a creator, with the outcome.
 */
function RoleSection({ settings, result }: { settings: Settings; result: Result }) {
  const { t } = useTranslation("account");
  const { success: ok, failure } = resultFor(result, "become-creator");
  if (!settings.abilities.becomeCreator && !ok && !failure) return null;
  return (
    <section id="creator" className="card p-6" aria-labelledby="role-heading">
      <h2 id="role-heading" className="text-xl font-bold">
        {t("profile.role.heading")}
      </h2>
      <div className="mt-4 space-y-4">
        <FormAlert message={ok?.message} variant="success" />
        <FormAlert message={failure?.formError} values={failure?.formErrorValues} />
        {settings.abilities.becomeCreator ? (
          <>
            <p>{t("profile.role.player")}</p>
            <p className="text-muted-foreground">{t("profile.role.creatorLead")}</p>
            <details className="group space-y-4">
              <summary className="btn btn-outline w-fit cursor-pointer list-none [&::-webkit-details-marker]:hidden">
                {t("profile.role.become")}
              </summary>
              <div className="mt-4 space-y-4 rounded-lg border border-border p-4">
                <p>{t("profile.role.confirmText")}</p>
                <Form method="post" className="flex flex-wrap gap-3">
                  <input type="hidden" name="confirm" value="yes" />
                  <SubmitButton name="intent" value="become-creator">
                    {t("profile.role.confirm")}
                  </SubmitButton>
                </Form>
              </div>
            </details>
          </>
        ) : null}
      </div>
    </section>
  );
}

function UsernameSection({ settings, result }: { settings: Settings; result: Result }) {
  const { t } = useTranslation("account");
  const { locale, to } = useLocalePath();
  const { success: ok, failure } = resultFor(result, "username");
  const [value, setValue] = useState(failure?.values.username ?? settings.username);
  // Nothing is said about availability until the person types (and never without JavaScript).
  const [edited, setEdited] = useState(false);
  const accountPath = to("/account");
  const status = useUsernameCheck(value.trim(), {
    checkUrl: (name) => `${accountPath}?index&checkUsername=${encodeURIComponent(name)}`,
    current: settings.username,
    refused: failure?.fieldErrors.username ? failure.values.username : undefined,
    edited,
  });
  const next = settings.nextUsernameChange;
  return (
    <section className="card p-6" aria-labelledby="username-heading">
      <h2 id="username-heading" className="text-xl font-bold">
        {t("profile.username.heading")}
      </h2>
      <Form method="post" className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value="username" />
        <FormAlert message={ok?.message} values={ok?.messageValues} variant="success" />
        <FormAlert message={failure?.formError} values={failure?.formErrorValues} />
        <Field
          label={t("profile.username.label")}
          name="username"
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setEdited(true);
          }}
          autoComplete="username"
          maxLength={30}
          required
          spellCheck={false}
          error={failure?.fieldErrors.username}
          errorValues={failure?.formErrorValues}
          hint={
            <>
              {t("profile.username.hint")}{" "}
              {next ? t("profile.username.nextChange", { date: formatDate(next, locale) }) : t("profile.username.canChange")}
            </>
          }
        />
        <UsernameStatus status={status} labels={{ checking: t("profile.username.checking"), available: t("profile.username.available") }} />
        <SubmitButton name="intent" value="username">
          {t("profile.username.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}

function AvatarSection({ settings, userId, result }: { settings: Settings; userId: string; result: Result }) {
  const { t } = useTranslation("account");
  const upload = resultFor(result, "avatar");
  const removal = resultFor(result, "remove-avatar");
  const [preview, setPreview] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  useEffect(() => {
    if (upload.success) {
      formRef.current?.reset();
      setPreview(null);
    }
  }, [upload.success]);
  const ok = upload.success ?? removal.success;
  const failure = upload.failure ?? removal.failure;
  return (
    <section className="card p-6" aria-labelledby="avatar-heading">
      <h2 id="avatar-heading" className="text-xl font-bold">
        {t("profile.avatar.heading")}
      </h2>
      <div className="mt-4 space-y-4">
        <FormAlert message={ok?.message} values={ok?.messageValues} variant="success" />
        <FormAlert message={failure?.formError} values={failure?.formErrorValues} />
        <div className="flex flex-wrap items-center gap-6">
          <figure className="flex flex-col items-center gap-2">
            {preview ? (
              <img src={preview} alt="" width={96} height={96} className="h-24 w-24 rounded-full object-cover" />
            ) : (
              <MiniAvatar url={settings.avatarUrl} userId={userId} username={settings.username} email={settings.email} size={96} />
            )}
            <figcaption className="text-sm text-muted-foreground">{t("profile.avatar.current")}</figcaption>
          </figure>
          <Form ref={formRef} method="post" encType="multipart/form-data" className="min-w-0 flex-1 basis-64 space-y-4">
            <input type="hidden" name="intent" value="avatar" />
            <FileInput
              label={t("profile.avatar.file")}
              name="avatar"
              accept={AVATAR_ACCEPT}
              required
              hint={t("profile.avatar.hint")}
              error={failure?.fieldErrors.avatar}
              onChange={(e) => {
                const f = e.currentTarget.files?.[0];
                setPreview(f && /^image\/(png|jpeg|webp)$/.test(f.type) ? URL.createObjectURL(f) : null);
              }}
            />
            <div className="flex flex-wrap gap-3">
              <SubmitButton name="intent" value="avatar">
                {t("profile.avatar.submit")}
              </SubmitButton>
            </div>
          </Form>
        </div>
        {settings.avatarUrl ? (
          <Form method="post">
            <SubmitButton name="intent" value="remove-avatar" className="btn btn-outline">
              {t("profile.avatar.remove")}
            </SubmitButton>
          </Form>
        ) : null}
      </div>
    </section>
  );
}

function AboutSection({ settings, result }: { settings: Settings; result: Result }) {
  const { t } = useTranslation("account");
  const { success: ok, failure } = resultFor(result, "profile");
  const v = failure?.values;
  const links = settings.socialLinks as Partial<Record<(typeof SOCIAL_SITES)[number], string>>;
  return (
    <section className="card p-6" aria-labelledby="about-heading">
      <h2 id="about-heading" className="text-xl font-bold">
        {t("profile.about.heading")}
      </h2>
      <Form method="post" className="mt-4 space-y-5" noValidate>
        <input type="hidden" name="intent" value="profile" />
        <FormAlert message={ok?.message} variant="success" />
        <FormAlert message={failure?.formError} values={failure?.formErrorValues} />
        <TextAreaField
          label={t("profile.about.bio")}
          name="bio"
          defaultValue={v?.bio ?? settings.bio}
          maxLength={BIO_MAX}
          rows={5}
          hint={t("profile.about.bioHint", { max: BIO_MAX })}
          error={failure?.fieldErrors.bio}
        />
        <fieldset className="space-y-3">
          <legend className="text-base font-bold">{t("profile.about.links")}</legend>
          <p className="text-sm text-muted-foreground">{t("profile.about.linksHint")}</p>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {SOCIAL_SITES.map((site) => (
              <Field
                key={site}
                label={t(`profile.about.link.${site}`)}
                name={`link_${site}`}
                type="url"
                inputMode="url"
                placeholder="https://"
                defaultValue={v ? (v[`link_${site}`] ?? "") : (links[site] ?? "")}
                error={failure?.fieldErrors[`link_${site}`]}
              />
            ))}
          </div>
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="text-base font-bold">{t("profile.about.privacy")}</legend>
          <label className="flex items-center gap-3">
            <input
              type="checkbox"
              role="switch"
              className="switch"
              name="showEmail"
              defaultChecked={v ? v.showEmail === "on" : settings.showEmail}
            />
            <span>{t("profile.about.showEmail")}</span>
          </label>
          <div className="space-y-1.5">
            <label htmlFor="profile-locale" className="block text-sm font-semibold">
              {t("profile.about.locale")}
            </label>
            <select id="profile-locale" name="locale" className="input max-w-60" defaultValue={v?.locale ?? settings.locale}>
              {(["es", "en"] as const).map((l) => (
                <option key={l} value={l} lang={l}>
                  {t(`profile.about.localeNames.${l}`)}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
        <SubmitButton name="intent" value="profile">
          {t("profile.about.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}
