import { Icon } from "#app/components/ui/icon";
import { useTranslation } from "react-i18next";
import { Link, redirect } from "react-router";
import { MiniAvatar } from "#app/components/ui/avatar";
import { FormAlert } from "#app/components/ui/form-field";
import { SOCIAL_SITES } from "#shared/profile-limits";
import { profileProgressData } from "#app/features/gamification/profile-progress";
import type { InteractionDone } from "#app/features/forum/fetcher-kit";
import { FollowButton } from "#app/features/forum/follow-button";
import { requireForum } from "#app/features/forum/gate.server";
import type { ProfileCharacterData } from "#app/features/profile/character-section";
import { PROFILE_SECTIONS } from "#app/features/profile/sections";
import { formatDate } from "#app/i18n/format";
import type { FormFailure } from "#app/lib/form";
import { actionFailure } from "#app/lib/form.server";
import { nameParam, requireUser } from "#app/lib/guards.server";
import { pageErrorFor } from "#app/lib/page-error.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/public-profile";

export const handle = { i18n: ["profile", "forum", "progress", "levels", "badges", "character", "arena"] };

const DESCRIPTION_MAX = 160;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  nameParam(params.username);
  const { t, seo, site } = pageTools(context, request, "profile");
  const profile = await context.services.accounts.getPublicProfile(context.actor, { username: params.username }).catch(pageErrorFor);
  // Following people belongs to the forum: offered while the forum is on.
  const flags = await context.services.settings.runtimeFlags();
  const follow = flags.forum_enabled ? await context.services.forum.userFollowState(context.actor, { userId: profile.id }) : null;
  const progress = profileProgressData(await context.services.gamification.personSummary({ userId: profile.id }));
  const [character, arena] = await Promise.all([
    context.services.character.publicCharacter(context.actor, { userId: profile.id }),
    context.services.character.arenaRecord(context.actor, { userId: profile.id }),
  ]);
  const bio = profile.bio?.replace(/\s+/g, " ").trim();
  const description = bio
    ? bio.length > DESCRIPTION_MAX
      ? `${bio.slice(0, DESCRIPTION_MAX - 1)}…`
      : bio
    : t("description", { username: profile.username, site });
  return {
    seo: seo({
      title: t("title", { username: profile.username }),
      description,
      path: `/u/${profile.username}`,
      type: "website",
      image: profile.avatarUrl ? context.services.env.baseUrl + profile.avatarUrl : undefined,
    }),
    profile,
    isMe: context.actor?.userId === profile.id,
    follow,
    signedIn: !!context.actor,
    /** Data that later sections read (see PROFILE_SECTIONS), by section id. */
    sections: { gamification: progress, character: { character, arena } satisfies ProfileCharacterData } as Record<string, unknown>,
  };
}

/** Follow / unfollow this person (the forum tells followers about the threads they start). */
export async function action({ context, request, params }: Route.ActionArgs) {
  nameParam(params.username);
  await requireForum(context);
  const actor = requireUser(context, request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const forum = context.services.forum;
  if (intent !== "follow" && intent !== "unfollow") throw new Response("Bad Request", { status: 400 });
  try {
    const input = { userId: formData.get("userId") };
    await (intent === "follow" ? forum.followUser(actor, input) : forum.unfollowUser(actor, input));
  } catch (err) {
    return actionFailure(err, formData);
  }
  if (formData.get("js") === "1") return { ok: true, intent } satisfies InteractionDone;
  return redirect(`${context.localePrefix}/u/${encodeURIComponent(params.username)}`, 303);
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function PublicProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("profile");
  const { locale, to } = useLocalePath();
  const { profile, isMe, sections, follow, signedIn } = loaderData;
  const followFailure = actionData && !actionData.ok ? (actionData as FormFailure) : undefined;
  const links = SOCIAL_SITES.flatMap((site) => {
    const href = (profile.socialLinks as Partial<Record<string, string>>)[site];
    return href ? [{ site, href }] : [];
  });
  const hasLinks = !!(links.length || profile.email || profile.company);
  return (
    <article className="space-y-6">
      <header className="card flex flex-col gap-6 p-6 sm:flex-row sm:items-center">
        <MiniAvatar url={profile.avatarUrl} userId={profile.id} username={profile.username} size={128} />
        <div className="min-w-0 flex-1 space-y-2">
          <h1 className="break-words text-3xl font-black sm:text-4xl">{profile.username}</h1>
          <p className="flex flex-wrap items-center gap-3 text-sm">
            <span className="rounded-full border border-border bg-muted px-3 py-0.5 font-semibold">
              {t(`role.${profile.role ?? "player"}`)}
            </span>
            <span className="inline-flex items-center gap-1.5 text-muted-foreground">
              <Icon name="calendar" size={16} />
              {t("joined", { date: formatDate(profile.joinedAt, locale) })}
            </span>
          </p>
          {follow ? (
            <div className="flex flex-wrap items-center gap-3">
              {follow.canFollow || !signedIn ? (
                <FollowButton
                  following={follow.following}
                  fields={{ userId: profile.id }}
                  label={t("forum:interact.follow")}
                  loginHref={signedIn ? null : to(`/login?redirectTo=${encodeURIComponent(`/u/${profile.username}`)}`)}
                  failure={followFailure}
                />
              ) : null}
              <span className="text-sm text-muted-foreground">{t("forum:interact.followers", { count: follow.followers })}</span>
              {/* A refusal without a button to show it beside (following oneself). */}
              {!follow.canFollow && signedIn ? (
                <FormAlert message={followFailure?.formError} values={followFailure?.formErrorValues} />
              ) : null}
            </div>
          ) : null}
          {isMe ? (
            <p>
              <Link to={to("/account")} className="btn btn-outline">
                <Icon name="pencil" size={16} />
                {t("edit")}
              </Link>
            </p>
          ) : null}
        </div>
      </header>

      {/* About and links side by side where the column is wide; one above the other on a phone. */}
      <div className={`grid gap-6 ${hasLinks ? "xl:grid-cols-2" : ""}`}>
        <section className="card p-6" aria-labelledby="profile-bio">
          <h2 id="profile-bio" className="text-xl font-bold">
            {t("bio")}
          </h2>
          {/* Plain text: React escapes it; line breaks are kept by CSS, never by HTML. */}
          <p className="mt-3 whitespace-pre-line break-words">
            {profile.bio || <span className="text-muted-foreground">{t("noBio", { username: profile.username })}</span>}
          </p>
        </section>

        {hasLinks ? (
          <section className="card p-6" aria-labelledby="profile-links">
            <h2 id="profile-links" className="text-xl font-bold">
              {t("links")}
            </h2>
            <ul className="mt-3 space-y-2">
              {links.map(({ site, href }) => (
                <li key={site} className="flex items-center gap-2">
                  <Icon name="globe" size={16} className="text-muted-foreground" />
                  <span className="font-semibold">{t(`link.${site}`)}:</span>
                  <a href={href} rel="me noopener nofollow ugc" target="_blank" className="link break-all">
                    {href.replace(/^https:\/\//, "").replace(/\/$/, "")}
                  </a>
                </li>
              ))}
              {profile.email ? (
                <li className="flex items-center gap-2">
                  <Icon name="mail" size={16} className="text-muted-foreground" />
                  <span className="font-semibold">{t("email")}:</span>
                  <a href={`mailto:${profile.email}`} className="link break-all">
                    {profile.email}
                  </a>
                </li>
              ) : null}
              {profile.company ? (
                <li className="flex items-center gap-2">
                  <Icon name="building-complex" size={16} className="text-muted-foreground" />
                  <span className="font-semibold">{t("company")}:</span>
                  <Link
                    to={to(`/company/${profile.company.slug}`)}
                    className="link"
                    aria-label={t("companyLink", { name: profile.company.name })}
                  >
                    {profile.company.name}
                  </Link>
                </li>
              ) : null}
            </ul>
          </section>
        ) : null}
      </div>

      {PROFILE_SECTIONS.map(({ id, Component }) => (
        <Component key={id} profile={profile} data={sections[id]} />
      ))}
    </article>
  );
}
