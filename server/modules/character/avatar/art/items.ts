import { ANCHOR, flat, ink, INK, LINE, starPath } from "./shapes";

/**
 * One drawing per item of the default catalogue, by its art key (the item's id). Each returns the SVG
 * fragment of its own layer, placed on the body's anchors (shapes.ts). Gradients are named after the art key,
 * so two layers never share an id.
 */
const { mainHand: mh, offHand: oh, neck, badge } = ANCHOR;

// Head: a cap, a helmet, a crown.
const helmBand = (fill: string) => `<path d="M168 172 Q256 150 344 172 L344 190 Q256 170 168 190Z" ${ink(fill)}/>`;

const head_ = {
  "leather-cap": () =>
    `<path d="M166 176 Q164 96 256 94 Q348 96 346 176 Q256 150 166 176Z" ${ink("#a0683a")}/>` +
    `<path d="M200 120 Q256 108 312 120" fill="none" stroke="${INK}" stroke-width="4"/>` +
    `<circle cx="256" cy="92" r="10" ${ink("#7a4b27", 4)}/>`,
  "iron-helm": () =>
    `<path d="M162 190 Q158 90 256 86 Q354 90 350 190 L330 190 Q326 130 256 126 Q186 130 182 190Z" ${ink("#9aa6b5")}/>` +
    helmBand("#c3ccd7") +
    `<path d="M256 86 L256 128" stroke="${INK}" stroke-width="${LINE}"/>` +
    `<path d="M240 86 Q256 40 272 86" ${ink("#d9483b")}/>`,
  "starlit-crown": () =>
    `<path d="M186 150 L180 86 L218 116 L256 70 L294 116 L332 86 L326 150Z" ${ink("#f5c33b")}/>` +
    `<rect x="184" y="140" width="144" height="22" rx="6" ${ink("#e0a21e")}/>` +
    `<path d="${starPath(256, 116, 16, 7)}" ${ink("#7dd3fc", 4)}/>` +
    `<circle cx="212" cy="151" r="6" fill="#e0466b"/><circle cx="300" cy="151" r="6" fill="#e0466b"/>`,
};

// Chest: a tunic, chainmail, dragon scales. Drawn over the body's torso (same outline).
const torso = `M200 282 Q256 262 312 282 L318 392 Q256 404 194 392Z`;
const chest = {
  "cloth-tunic": () =>
    `<path d="${torso}" ${ink("#8fb3d9")}/>` +
    `<path d="M232 276 L256 316 L280 276" fill="none" stroke="${INK}" stroke-width="4"/>` +
    `<rect x="196" y="350" width="120" height="16" ${ink("#5d7fa8", 4)}/>`,
  chainmail: () =>
    `<path d="${torso}" ${ink("#b7c0cb")}/>` +
    Array.from({ length: 4 }, (_, r) =>
      Array.from(
        { length: 5 },
        (_, c) => `<circle cx="${214 + c * 21 + (r % 2) * 10}" cy="${300 + r * 22}" r="8" fill="none" stroke="#7b8694" stroke-width="3"/>`,
      ).join(""),
    ).join(""),
  "dragonscale-armor": () =>
    `<path d="${torso}" ${ink("#2f9e6e")}/>` +
    Array.from({ length: 4 }, (_, r) =>
      Array.from({ length: 4 }, (_, c) => {
        const x = 216 + c * 26 + (r % 2) * 13;
        const y = 296 + r * 22;
        return `<path d="M${x - 12} ${y} Q${x} ${y + 20} ${x + 12} ${y}" fill="#58c495" stroke="${INK}" stroke-width="3"/>`;
      }).join(""),
    ).join("") +
    `<path d="M200 282 Q256 262 312 282 L306 300 Q256 284 206 300Z" ${ink("#f2b632", 4)}/>`,
};

// Legs: trousers, leggings, plated guards (over both legs).
const legs = (fill: string, extra = "") =>
  `<rect x="210" y="374" width="42" height="80" rx="14" ${ink(fill)}/><rect x="260" y="374" width="42" height="80" rx="14" ${ink(fill)}/>` +
  extra;
const legsArt = {
  "linen-trousers": () => legs("#d8c9a7", `<path d="M212 420 H250 M262 420 H300" stroke="#b3a27c" stroke-width="4"/>`),
  "ranger-leggings": () =>
    legs(
      "#4f7a3a",
      `<path d="M214 396 L248 410 M214 416 L248 430 M264 396 L298 410 M264 416 L298 430" stroke="#2f4d22" stroke-width="4"/>`,
    ),
  "plated-legguards": () =>
    legs(
      "#a3adba",
      `<rect x="214" y="400" width="34" height="26" rx="6" ${ink("#d3dae3", 4)}/><rect x="264" y="400" width="34" height="26" rx="6" ${ink("#d3dae3", 4)}/>`,
    ),
};

// Feet: sandals, boots, winged boots.
const boots = (fill: string) =>
  `<path d="M196 462 Q196 432 226 432 Q256 432 256 462Z" ${ink(fill)}/><path d="M256 462 Q256 432 286 432 Q316 432 316 462Z" ${ink(fill)}/>`;
const feet = {
  sandals: () =>
    `<ellipse cx="226" cy="462" rx="32" ry="12" ${ink("#c49a6c")}/><ellipse cx="286" cy="462" rx="32" ry="12" ${ink("#c49a6c")}/>` +
    `<path d="M214 444 L238 458 M298 444 L274 458" stroke="${INK}" stroke-width="5" stroke-linecap="round"/>`,
  "traveller-boots": () => boots("#7a4b27") + `<path d="M200 448 H252 M260 448 H312" stroke="#c49a6c" stroke-width="5"/>`,
  "winged-boots": () =>
    boots("#f1f5f9") +
    `<path d="M198 446 Q170 430 176 410 Q192 426 204 432Z" ${ink("#fde68a", 4)}/>` +
    `<path d="M314 446 Q342 430 336 410 Q320 426 308 432Z" ${ink("#fde68a", 4)}/>`,
};

// Main hand: a wooden sword, a staff, a blade of flame. Held upright in the hand at (148, 378).
const mainHandArt = {
  "wooden-sword": () =>
    `<path d="M${mh.x - 12} ${mh.y - 30} L${mh.x - 12} ${mh.y - 150} L${mh.x} ${mh.y - 176} L${mh.x + 12} ${mh.y - 150} L${mh.x + 12} ${mh.y - 30}Z" ${ink("#d9a55f")}/>` +
    `<rect x="${mh.x - 32}" y="${mh.y - 34}" width="64" height="14" rx="6" ${ink("#8a5a2b")}/>`,
  "oak-staff": () =>
    `<path d="M${mh.x} ${mh.y + 80} L${mh.x} ${mh.y - 150}" stroke="${INK}" stroke-width="${LINE + 14}" stroke-linecap="round"/>` +
    `<path d="M${mh.x} ${mh.y + 80} L${mh.x} ${mh.y - 150}" stroke="#8a5a2b" stroke-width="14" stroke-linecap="round"/>` +
    `<circle cx="${mh.x}" cy="${mh.y - 170}" r="24" ${ink("#7dd3fc")}/><circle cx="${mh.x - 7}" cy="${mh.y - 178}" r="7" fill="#fff"/>`,
  "flame-blade": () =>
    `<path d="M${mh.x - 14} ${mh.y - 30} L${mh.x - 16} ${mh.y - 160} Q${mh.x} ${mh.y - 210} ${mh.x + 16} ${mh.y - 160} L${mh.x + 14} ${mh.y - 30}Z" ${ink("#fb923c")}/>` +
    `<path d="M${mh.x - 6} ${mh.y - 40} Q${mh.x - 8} ${mh.y - 130} ${mh.x} ${mh.y - 170} Q${mh.x + 8} ${mh.y - 130} ${mh.x + 6} ${mh.y - 40}Z" ${flat("#fde047")}/>` +
    `<rect x="${mh.x - 34}" y="${mh.y - 36}" width="68" height="14" rx="6" ${ink("#1e293b")}/>`,
};

// Off hand: a round wooden shield, a spell book, a kite shield. Held at (364, 378).
const offHandArt = {
  "wooden-shield": () =>
    `<circle cx="${oh.x + 8}" cy="${oh.y - 10}" r="52" ${ink("#b07a43")}/>` +
    `<path d="M${oh.x - 30} ${oh.y - 30} H${oh.x + 46} M${oh.x - 34} ${oh.y + 6} H${oh.x + 50}" stroke="#7a4b27" stroke-width="5"/>` +
    `<circle cx="${oh.x + 8}" cy="${oh.y - 10}" r="12" ${ink("#9aa6b5", 4)}/>`,
  "spell-tome": () =>
    `<rect x="${oh.x - 30}" y="${oh.y - 60}" width="72" height="88" rx="8" ${ink("#7c3aed")}/>` +
    `<rect x="${oh.x - 22}" y="${oh.y - 52}" width="56" height="72" rx="4" ${flat("#a78bfa")}/>` +
    `<path d="${starPath(oh.x + 6, oh.y - 16, 18, 8)}" ${ink("#fde047", 3)}/>`,
  "kite-shield": () =>
    `<path d="M${oh.x - 40} ${oh.y - 70} H${oh.x + 56} Q${oh.x + 60} ${oh.y + 10} ${oh.x + 8} ${oh.y + 50} Q${oh.x - 44} ${oh.y + 10} ${oh.x - 40} ${oh.y - 70}Z" ${ink("#2563eb")}/>` +
    `<path d="M${oh.x + 8} ${oh.y - 62} V${oh.y + 38} M${oh.x - 30} ${oh.y - 26} H${oh.x + 46}" stroke="#f5c33b" stroke-width="10"/>`,
};

// Rings, on the main hand.
const ring = (band: string, gem: string) =>
  `<circle cx="${mh.x + 4}" cy="${mh.y + 8}" r="9" fill="none" stroke="${INK}" stroke-width="9"/>` +
  `<circle cx="${mh.x + 4}" cy="${mh.y + 8}" r="9" fill="none" stroke="${band}" stroke-width="5"/>` +
  `<circle cx="${mh.x + 4}" cy="${mh.y - 3}" r="7" ${ink(gem, 3)}/>`;
const rings = {
  "copper-ring": () => ring("#c2703d", "#e59866"),
  "sapphire-ring": () => ring("#e5e7eb", "#2563eb"),
  "ring-of-echoes": () =>
    ring("#f5c33b", "#a855f7") +
    `<circle cx="${mh.x + 4}" cy="${mh.y - 3}" r="16" fill="none" stroke="#a855f7" stroke-width="3" opacity="0.6"/>` +
    `<circle cx="${mh.x + 4}" cy="${mh.y - 3}" r="26" fill="none" stroke="#a855f7" stroke-width="2" opacity="0.35"/>`,
};

// Amulets, on a chain round the neck.
const chain = (colour: string) =>
  `<path d="M${neck.x - 30} ${neck.y - 2} Q${neck.x} ${neck.y + 46} ${neck.x + 30} ${neck.y - 2}" fill="none" stroke="${colour}" stroke-width="5"/>`;
const amulets = {
  "bone-charm": () =>
    chain("#6b4f3a") +
    `<path d="M${neck.x - 10} ${neck.y + 30} L${neck.x + 10} ${neck.y + 30} L${neck.x + 6} ${neck.y + 58} L${neck.x - 6} ${neck.y + 58}Z" ${ink("#f5f0e1", 4)}/>`,
  "moon-amulet": () =>
    chain("#cbd5e1") +
    `<circle cx="${neck.x}" cy="${neck.y + 46}" r="18" ${ink("#e2e8f0", 4)}/><circle cx="${neck.x + 8}" cy="${neck.y + 40}" r="14" fill="#6a4fd8"/>`,
  "heart-of-the-forum": () =>
    chain("#f5c33b") +
    `<path d="M${neck.x} ${neck.y + 66} L${neck.x - 22} ${neck.y + 44} Q${neck.x - 30} ${neck.y + 26} ${neck.x - 12} ${neck.y + 26} Q${neck.x} ${neck.y + 26} ${neck.x} ${neck.y + 38} Q${neck.x} ${neck.y + 26} ${neck.x + 12} ${neck.y + 26} Q${neck.x + 30} ${neck.y + 26} ${neck.x + 22} ${neck.y + 44}Z" ${ink("#e0466b", 4)}/>`,
};

// Frames: round the whole picture.
const frames = {
  "simple-frame": () => `<rect x="10" y="10" width="492" height="492" rx="36" fill="none" stroke="#8a5a2b" stroke-width="20"/>`,
  "golden-frame": () =>
    `<rect x="10" y="10" width="492" height="492" rx="36" fill="none" stroke="#e0a21e" stroke-width="20"/>` +
    `<rect x="24" y="24" width="464" height="464" rx="26" fill="none" stroke="#fde68a" stroke-width="4"/>` +
    [
      [30, 30],
      [482, 30],
      [30, 482],
      [482, 482],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="14" ${ink("#f5c33b", 4)}/>`)
      .join(""),
  "laurel-frame": () =>
    `<rect x="10" y="10" width="492" height="492" rx="36" fill="none" stroke="#2f9e6e" stroke-width="14"/>` +
    Array.from({ length: 8 }, (_, i) => {
      const y = 90 + i * 48;
      return (
        `<ellipse cx="30" cy="${y}" rx="10" ry="20" transform="rotate(-25 30 ${y})" ${ink("#58c495", 3)}/>` +
        `<ellipse cx="482" cy="${y}" rx="10" ry="20" transform="rotate(25 482 ${y})" ${ink("#58c495", 3)}/>`
      );
    }).join(""),
};

// Auras: a glow behind the figure.
const glow = (id: string, colour: string) =>
  `<defs><radialGradient id="${id}"><stop offset="0.35" stop-color="${colour}" stop-opacity="0.85"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient></defs>` +
  `<ellipse cx="256" cy="290" rx="240" ry="230" fill="url(#${id})"/>`;
const auras = {
  "ember-aura": () =>
    glow("aura-ember", "#fb923c") +
    [
      [120, 200],
      [392, 170],
      [96, 330],
      [410, 320],
    ]
      .map(([x, y]) => `<path d="M${x} ${y} q-10 -18 0 -34 q10 16 0 34Z" ${flat("#f97316")}/>`)
      .join(""),
  "frost-aura": () =>
    glow("aura-frost", "#7dd3fc") +
    [
      [110, 180],
      [400, 200],
      [90, 340],
      [420, 330],
    ]
      .map(
        ([x, y]) =>
          `<path d="M${x - 12} ${y} H${x + 12} M${x} ${y - 12} V${y + 12} M${x - 8} ${y - 8} L${x + 8} ${y + 8} M${x + 8} ${y - 8} L${x - 8} ${y + 8}" stroke="#e0f2fe" stroke-width="4" stroke-linecap="round"/>`,
      )
      .join(""),
  "arcane-aura": () =>
    glow("aura-arcane", "#a855f7") +
    `<circle cx="256" cy="280" r="210" fill="none" stroke="#c084fc" stroke-width="4" stroke-dasharray="18 14"/>` +
    [
      [100, 150],
      [412, 150],
      [80, 380],
      [432, 380],
    ]
      .map(([x, y]) => `<path d="${starPath(x, y, 14, 6)}" ${flat("#f5d0fe")}/>`)
      .join(""),
};

// Badges: a disc at the bottom right with its emblem.
const badgeDisc = (fill: string, emblem: string) =>
  `<circle cx="${badge.x}" cy="${badge.y}" r="${badge.r}" ${ink(fill)}/>` +
  `<circle cx="${badge.x}" cy="${badge.y}" r="${badge.r - 10}" fill="none" stroke="#fff" stroke-width="3" opacity="0.7"/>` +
  emblem;
const badges = {
  "first-thread-badge": () =>
    badgeDisc(
      "#38bdf8",
      `<path d="M${badge.x - 20} ${badge.y - 18} H${badge.x + 20} V${badge.y + 10} H${badge.x - 4} L${badge.x - 16} ${badge.y + 22} V${badge.y + 10} H${badge.x - 20}Z" ${ink("#fff", 4)}/>`,
    ),
  "friendly-badge": () =>
    badgeDisc(
      "#f472b6",
      `<path d="M${badge.x} ${badge.y + 22} L${badge.x - 22} ${badge.y} Q${badge.x - 30} ${badge.y - 18} ${badge.x - 12} ${badge.y - 20} Q${badge.x} ${badge.y - 20} ${badge.x} ${badge.y - 8} Q${badge.x} ${badge.y - 20} ${badge.x + 12} ${badge.y - 20} Q${badge.x + 30} ${badge.y - 18} ${badge.x + 22} ${badge.y}Z" ${ink("#fff", 4)}/>`,
    ),
  "champion-badge": () => badgeDisc("#f5c33b", `<path d="${starPath(badge.x, badge.y + 2, 26, 11)}" ${ink("#fff", 4)}/>`),
};

/** Every built-in drawing by its art key. */
export const ITEM_ART: Readonly<Record<string, () => string>> = {
  ...head_,
  ...chest,
  ...legsArt,
  ...feet,
  ...mainHandArt,
  ...offHandArt,
  ...rings,
  ...amulets,
  ...frames,
  ...auras,
  ...badges,
};
