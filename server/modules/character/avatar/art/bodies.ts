import type { CharacterClass } from "#shared/character";
import { ANCHOR, flat, ink, INK, LINE } from "./shapes";

/**
 * The body of each class: a friendly, big-headed figure in the class's colours, with its own hair and a mark on
 * the tunic, drawn under the items (a helmet covers the hair, armour covers the tunic). A character without a
 * class yet is drawn in plain grey.
 */
type Palette = { backdrop: string; tunic: string; trim: string; hair: string; skin: string; trousers: string; boots: string };

export const CLASS_PALETTES: Record<CharacterClass | "none", Palette> = {
  warrior: {
    backdrop: "#fde1dc",
    tunic: "#d9483b",
    trim: "#f2b632",
    hair: "#6b3e26",
    skin: "#f3c7a1",
    trousers: "#6d4c41",
    boots: "#4e342e",
  },
  mage: { backdrop: "#e9e4ff", tunic: "#6a4fd8", trim: "#b9a8ff", hair: "#3b2a63", skin: "#f6d3b5", trousers: "#463a8c", boots: "#2f2766" },
  rogue: {
    backdrop: "#daf3e6",
    tunic: "#2e8b62",
    trim: "#1e293b",
    hair: "#22201f",
    skin: "#e0ac84",
    trousers: "#3c4a3e",
    boots: "#262b27",
  },
  trader: {
    backdrop: "#fff0cf",
    tunic: "#e69a17",
    trim: "#8a5a2b",
    hair: "#a8552a",
    skin: "#c98b62",
    trousers: "#7a5a3a",
    boots: "#5a3d22",
  },
  none: { backdrop: "#e8eaee", tunic: "#9aa3b2", trim: "#cfd5de", hair: "#5b6170", skin: "#f1cfb0", trousers: "#6f7685", boots: "#4a505c" },
};

const { head } = ANCHOR;

/** The hair of each class, drawn over the head's top. */
const HAIR: Record<CharacterClass | "none", (p: Palette) => string> = {
  // Short and spiky.
  warrior: (p) =>
    `<path d="M170 178 L176 128 L200 140 L214 104 L238 126 L256 96 L274 126 L298 104 L312 140 L336 128 L342 178 Q300 140 256 142 Q212 140 170 178Z" ${ink(p.hair)}/>`,
  // Long, with a fringe, falling behind the ears.
  mage: (p) =>
    `<path d="M166 230 Q150 120 256 100 Q362 120 346 230 L330 230 Q334 160 300 146 Q256 170 206 146 Q178 160 182 230Z" ${ink(p.hair)}/>`,
  // A bandana knotted at the side, and a mask band across the eyes.
  rogue: (p) =>
    `<path d="M168 170 Q170 100 256 100 Q342 100 344 170 Q300 150 256 150 Q212 150 168 170Z" ${ink(p.trim)}/>` +
    `<path d="M338 150 L372 138 L364 164 L384 176 L350 178Z" ${ink(p.trim)}/>` +
    `<path d="M172 180 Q256 168 340 180 L338 206 Q256 194 174 206Z" ${ink(p.tunic)}/>`,
  // A neat side part.
  trader: (p) => `<path d="M170 176 Q168 104 256 102 Q344 104 342 176 Q330 140 290 134 Q230 150 170 176Z" ${ink(p.hair)}/>`,
  none: (p) => `<path d="M172 170 Q176 104 256 104 Q336 104 340 170 Q256 140 172 170Z" ${ink(p.hair)}/>`,
};

/** The mark on the tunic: a sword, a star, a dagger, a coin. */
const EMBLEM: Record<CharacterClass | "none", (p: Palette) => string> = {
  warrior: (p) => `<path d="M256 300 L264 312 L260 350 L252 350 L248 312Z M240 346 H272" ${ink(p.trim, 4)}/>`,
  mage: (p) => `<path d="M256 302 L263 320 L282 322 L267 334 L272 352 L256 342 L240 352 L245 334 L230 322 L249 320Z" ${ink(p.trim, 4)}/>`,
  rogue: (p) => `<path d="M256 300 L264 336 L256 352 L248 336Z M242 334 H270" ${ink(p.trim, 4)}/>`,
  trader: (p) => `<circle cx="256" cy="326" r="20" ${ink(p.trim, 4)}/><path d="M256 314 V338" stroke="${INK}" stroke-width="4"/>`,
  none: () => "",
};

/** Class-independent parts: legs, arms, torso, head and face, in the class's palette. */
function figure(p: Palette, cls: CharacterClass | "none"): string {
  return [
    // Legs and boots (covered by leg and foot items).
    `<rect x="212" y="376" width="38" height="80" rx="14" ${ink(p.trousers)}/>`,
    `<rect x="262" y="376" width="38" height="80" rx="14" ${ink(p.trousers)}/>`,
    `<ellipse cx="226" cy="460" rx="30" ry="15" ${ink(p.boots)}/>`,
    `<ellipse cx="286" cy="460" rx="30" ry="15" ${ink(p.boots)}/>`,
    // Arms, then the torso over their shoulders.
    `<path d="M206 292 L150 366" stroke="${INK}" stroke-width="${LINE + 30}" stroke-linecap="round"/>`,
    `<path d="M206 292 L150 366" stroke="${p.tunic}" stroke-width="30" stroke-linecap="round"/>`,
    `<path d="M306 292 L362 366" stroke="${INK}" stroke-width="${LINE + 30}" stroke-linecap="round"/>`,
    `<path d="M306 292 L362 366" stroke="${p.tunic}" stroke-width="30" stroke-linecap="round"/>`,
    `<circle cx="${ANCHOR.mainHand.x}" cy="${ANCHOR.mainHand.y}" r="19" ${ink(p.skin)}/>`,
    `<circle cx="${ANCHOR.offHand.x}" cy="${ANCHOR.offHand.y}" r="19" ${ink(p.skin)}/>`,
    `<path d="M200 282 Q256 262 312 282 L318 392 Q256 404 194 392Z" ${ink(p.tunic)}/>`,
    `<path d="M198 376 Q256 388 314 376 L316 392 Q256 404 196 392Z" ${flat(p.trim)}/>`,
    EMBLEM[cls](p),
    // Neck and head.
    `<rect x="238" y="256" width="36" height="26" ${ink(p.skin)}/>`,
    `<circle cx="${head.x}" cy="${head.y}" r="${head.r}" ${ink(p.skin)}/>`,
    `<circle cx="170" cy="200" r="14" ${ink(p.skin)}/><circle cx="342" cy="200" r="14" ${ink(p.skin)}/>`,
    HAIR[cls](p),
    // The face: eyes with a shine, rosy cheeks, a smile.
    `<ellipse cx="222" cy="206" rx="11" ry="14" fill="${INK}"/><ellipse cx="290" cy="206" rx="11" ry="14" fill="${INK}"/>`,
    `<circle cx="226" cy="201" r="4" fill="#fff"/><circle cx="294" cy="201" r="4" fill="#fff"/>`,
    `<ellipse cx="200" cy="234" rx="14" ry="8" ${flat("#f0707a", 0.45)}/><ellipse cx="312" cy="234" rx="14" ry="8" ${flat("#f0707a", 0.45)}/>`,
    `<path d="M236 240 Q256 258 276 240" fill="none" stroke="${INK}" stroke-width="${LINE}" stroke-linecap="round"/>`,
  ].join("");
}

/** The class's backdrop: a soft disc behind everything, so the figure stands out at 40 px. */
export function backdropArt(cls: CharacterClass | null): string {
  const p = CLASS_PALETTES[cls ?? "none"];
  return `<rect width="512" height="512" fill="${p.backdrop}"/><ellipse cx="256" cy="470" rx="150" ry="22" ${flat(INK, 0.12)}/>`;
}

export function bodyArt(cls: CharacterClass | null): string {
  const key = cls ?? "none";
  return figure(CLASS_PALETTES[key], key);
}
