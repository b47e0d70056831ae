import { redirect, type AppLoadContext } from "react-router";
import { GAME_LIMITS, STORES } from "#shared/campaigns";
import { slugify } from "#shared/slugify";
import { isDomainErrorLike } from "#app/lib/form.server";
import type { Actor } from "#server/modules/accounts/actor";
import { campaignFailure, list, text } from "./failure.server";

/** The store rows the form shows (and reads): `store-<i>` and `storeUrl-<i>`. */
export const STORE_ROWS = GAME_LIMITS.storeLinksMax;

const isHttps = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === "https:" && u.hostname.includes(".");
  } catch {
    return false;
  }
};

/** Cover refusals the page can name beside the field (the codes `setGameCover` throws). */
export const COVER_CODES = ["accounts.avatar_type", "accounts.avatar_too_large", "images.dimensions", "rate_limited"] as const;

/**
 * The game form as the operations' input: checkbox groups as lists, the store rows that hold an address, the
 * slug made from the name when left empty. A store row's bad address is named beside its own row.
 */
export function readGameForm(form: FormData) {
  const name = text(form, "name").trim();
  const storeLinks: { store: string; url: string }[] = [];
  const rowErrors: Record<string, string> = {};
  for (let i = 0; i < STORE_ROWS; i++) {
    const url = text(form, `storeUrl-${i}`).trim();
    if (!url) continue;
    const store = text(form, `store-${i}`);
    if (!(STORES as readonly string[]).includes(store)) rowErrors[`store-${i}`] = "errors:input.invalid";
    if (!isHttps(url)) rowErrors[`storeUrl-${i}`] = "errors:input.invalid";
    storeLinks.push({ store, url });
  }
  return {
    input: {
      name,
      slug: text(form, "slug").trim() || slugify(name, "game", 80),
      shortDescription: text(form, "shortDescription"),
      descriptionMd: text(form, "descriptionMd"),
      platforms: list(form, "platforms"),
      genres: list(form, "genres"),
      storeLinks,
      trailerUrl: text(form, "trailerUrl"),
      releaseStatus: text(form, "releaseStatus"),
    },
    rowErrors,
  };
}

const LISTS = ["platforms", "genres"] as const;

/** The cover sent with the form, if any. */
async function coverOf(form: FormData): Promise<Uint8Array | null> {
  const file = form.get("cover");
  return file && typeof file === "object" && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
}

/**
 * Saves the game form (new when `gameId` is null), then its cover when a file was sent. A new game whose
 * cover is refused is kept, and its edit page says why (`?cover=<code>`).
 */
export async function saveGame(context: AppLoadContext, actor: NonNullable<Actor>, form: FormData, gameId: string | null) {
  const campaigns = context.services.campaigns;
  const { input, rowErrors } = readGameForm(form);
  if (Object.keys(rowErrors).length) {
    const err = { name: "DomainError", code: "input.invalid", status: 400, details: { fieldErrors: rowErrors } };
    return campaignFailure(err, form, { lists: LISTS });
  }
  let id: string;
  try {
    id = gameId ? (await campaigns.updateGame(actor, { ...input, gameId })).id : (await campaigns.createGame(actor, input)).id;
  } catch (err) {
    return campaignFailure(err, form, { lists: LISTS });
  }
  const cover = await coverOf(form);
  if (cover) {
    try {
      await campaigns.setGameCover(actor, { gameId: id, bytes: cover });
    } catch (err) {
      if (!isDomainErrorLike(err)) throw err;
      if (!gameId) return redirect(`${context.localePrefix}/company/games/${id}/edit?cover=${encodeURIComponent(err.code)}`);
      const field = Object.fromEntries(COVER_CODES.map((c) => [c, "cover"]));
      return campaignFailure(err, form, { lists: LISTS, fieldFor: field });
    }
  }
  // ?gameAdded=1: "My games" confirms with a toast (flash-toasts.tsx) and drops it from the address.
  if (!gameId) return redirect(`${context.localePrefix}/company/games?gameAdded=1`);
  return { ok: true as const, message: "company-campaigns:gameForm.saved" };
}
