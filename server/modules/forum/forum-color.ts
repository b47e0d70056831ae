/** A forum's colour as stored (#rrggbb), or null for anything else (the page then picks one from the slug). */
export const forumColor = (value: string | null | undefined): string | null => (value && /^#[0-9a-f]{6}$/i.test(value) ? value : null);
