/**
 * The error codes of the character area (character, gold, items, avatar renders, arena), each with its HTTP
 * status; the message is always the translation `errors:<code>`. Field rules' messages (`errors:character.*`)
 * come back beside each field under `input.invalid`.
 */
export const CHARACTER_ERRORS = {
  /** An action that needs a class before one was picked. */
  "character.class_required": 409,
  /** Picking a first class when the character has one already (a change costs gold). */
  "character.class_chosen": 409,
  /** The class asked for is the one the character already has. */
  "character.class_same": 409,
  /** SPEC §8: 'Not enough gold!' */
  "character.not_enough_gold": 409,
  "character.not_enough_stat_points": 409,
  "character.item_not_found": 404,
  "character.item_not_owned": 409,
  "character.item_already_owned": 409,
  "character.item_not_for_sale": 409,
  "character.item_level_too_high": 409,
  "character.item_retired": 409,
  /** An item's art upload that is not an SVG, PNG or WebP of the allowed size. */
  "character.item_art_invalid": 422,
  /** SPEC §8: 'You are rendering too fast! Please wait a moment.' */
  "character.render_too_fast": 429,
  "character.render_not_found": 404,
  /** Cancelling or forcing a render that is no longer in a state that allows it. */
  "character.render_state": 409,
  "character.member_not_found": 404,
  /** SPEC §8: 'Could not find an opponent.' */
  "arena.no_opponent": 409,
  "arena.match_not_found": 404,
  "arena.already_queued": 409,
  "arena.not_queued": 409,
  /** The day's match cap is reached. */
  "arena.daily_cap": 429,
} as const satisfies Readonly<Record<string, number>>;
