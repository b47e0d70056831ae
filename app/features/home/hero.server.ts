import type { Actor } from "#server/modules/accounts/actor";

export type HomeAction = { key: string; to: string };
export type HomeHero = {
  /** Whom the page greets (signed in), or null for a visitor. */
  username: string | null;
  /** The lead sentence (a `site:` key): what the site is for this person. */
  lead: string;
  /** The hero's calls to action, the main one first. */
  actions: HomeAction[];
  /** Visitors get a "join as …" link under each audience. */
  signUp: boolean;
};

/**
 * The home page's hero for whoever looks: a visitor is asked to sign up (as a player,
 * a creator or a studio: the registration page preselects the role) or sign in; a signed-in member is shown
 * what their kind of account can do next on pages that exist today. Pure, so it is tested directly and the
 * page sends only the result (no rule runs in the browser).
 */
export function homeHero(actor: Actor, forumEnabled: boolean): HomeHero {
  if (!actor) {
    return {
      username: null,
      lead: "home.lead.visitor",
      actions: [
        { key: "join", to: "/register" },
        { key: "signIn", to: "/login" },
      ],
      signUp: true,
    };
  }
  const community = forumEnabled ? [{ key: "community", to: "/community" }] : [];
  const username = actor.username ?? null;
  if (actor.profileRole === "company") {
    return {
      username,
      lead: "home.lead.company",
      actions: [
        { key: "dashboard", to: "/dashboard" },
        ...(actor.company ? [{ key: "companyPage", to: `/company/${actor.company.slug}` }] : []),
        ...community,
      ],
      signUp: false,
    };
  }
  if (actor.profileRole === "creator") {
    return {
      username,
      lead: "home.lead.creator",
      actions: [{ key: "dashboard", to: "/dashboard" }, ...community, { key: "progress", to: "/account/progress" }],
      signUp: false,
    };
  }
  // A player: a member without a profile role, who can become a creator from the account page.
  return {
    username,
    lead: "home.lead.player",
    actions: [
      ...(community.length ? community : [{ key: "dashboard", to: "/dashboard" }]),
      { key: "leaderboard", to: "/leaderboard" },
      { key: "becomeCreator", to: "/account#creator" },
    ],
    signUp: false,
  };
}
