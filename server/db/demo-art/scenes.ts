import { cloud, glow, H, linear, pine, pineRow, ridge, rng, stars, W, wave } from "./svg";

/**
 * The demo games' worlds, one painter each. `view` 0 is the key art (the cover and the capsule); 1–3 are the
 * in-game views behind the screenshots (another time of day, another place in the same world). Each returns
 * the SVG definitions and body of a 1280×720 picture.
 */
export type Scene = { defs: string; body: string };
export type World = (view: number) => Scene;

/** Hollow Pines: a pine forest at dusk, a wanderer with a lantern on the path, fireflies. */
const forest: World = (view) => {
  const r = rng(101 + view * 17);
  const time = [
    { sky: ["#1e1b4b", "#7c2d52", "#f59e6b"], sun: "#fcd9a0", far: "#6d3b63", mid: "#3f2a4f", near: "#1f1b33", front: "#0d0f1c" },
    { sky: ["#0b1026", "#1e2a5a", "#3b4f8a"], sun: "#e0e7ff", far: "#2b3565", mid: "#1d2550", near: "#121835", front: "#070a18" },
    { sky: ["#3b5b7a", "#9fb8c6", "#f2d6b3"], sun: "#fff7e0", far: "#7f9aa6", mid: "#4e6b6b", near: "#2c4436", front: "#14231a" },
    { sky: ["#2a1740", "#8a3b5c", "#f4a259"], sun: "#ffe2a8", far: "#7a4560", mid: "#4a2a48", near: "#24182d", front: "#0f0b16" },
  ][view % 4]!;
  const sunX = [860, 300, 980, 640][view % 4]!;
  const defs =
    linear("sky", [
      [0, time.sky[0]!],
      [0.6, time.sky[1]!],
      [1, time.sky[2]!],
    ]) +
    glow("sun", time.sun, 0.9) +
    glow("lamp", "#ffd27a", 0.85) +
    linear("haze", [
      [0, time.sky[2]!, 0],
      [1, time.sky[2]!, 0.55],
    ]);
  let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  if (view === 1) body += stars(r, 140, 360, "#e0e7ff") + `<circle cx="${sunX}" cy="150" r="46" fill="#f1f5ff"/>`;
  body += `<circle cx="${sunX}" cy="${view === 1 ? 150 : 430}" r="${view === 1 ? 160 : 260}" fill="url(#sun)"/>`;
  if (view !== 1) body += `<circle cx="${sunX}" cy="430" r="70" fill="${time.sun}" opacity="0.95"/>`;
  body += ridge(r, { y: 400, amp: 60, step: 60, fill: time.far, jag: 0.9 });
  body += pineRow(r, { y: 470, h: 90, gap: 26, fill: time.far, jitter: 30 });
  body += `<rect y="380" width="${W}" height="160" fill="url(#haze)"/>`;
  body += pineRow(r, { y: 540, h: 150, gap: 38, fill: time.mid, jitter: 24 });
  body += `<rect y="470" width="${W}" height="120" fill="url(#haze)" opacity="0.6"/>`;
  body += pineRow(r, { y: 620, h: 230, gap: 70, fill: time.near, jitter: 20 });
  // The path into the forest and the big trees that frame it.
  body += `<path d="M470,720 C560,650 640,640 610,600 C590,575 640,560 700,556 C740,560 720,590 760,620 C820,660 900,690 980,720 Z" fill="${time.sky[2]}" opacity="0.35"/>`;
  body += `<rect y="650" width="${W}" height="70" fill="${time.front}"/>`;
  body +=
    pine(90, 730, 560, time.front) + pine(230, 740, 420, time.front) + pine(1150, 735, 600, time.front) + pine(1010, 745, 380, time.front);
  // The wanderer and the lantern's light.
  const wx = [660, 560, 720, 620][view % 4]!;
  body += `<circle cx="${wx + 22}" cy="600" r="70" fill="url(#lamp)"/>`;
  body += `<g fill="${time.front}"><path d="M${wx - 14},648 L${wx - 6},586 Q${wx},566 ${wx + 6},586 L${wx + 14},648 Z"/><circle cx="${wx}" cy="574" r="9"/><path d="M${wx - 10},580 L${wx},556 L${wx + 10},580 Z"/><rect x="${wx + 8}" y="596" width="3" height="14"/></g>`;
  body += `<circle cx="${wx + 10}" cy="612" r="5" fill="#ffe3a0"/>`;
  // Fireflies.
  for (let i = 0; i < 26; i++) {
    const x = 120 + r() * 1040;
    const y = 430 + r() * 260;
    body += `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(1.5 + r() * 2).toFixed(1)}" fill="#fde68a" opacity="${(0.5 + r() * 0.5).toFixed(2)}"/>`;
  }
  if (view === 2) body += cloud(300, 520, 260, "#ffffff", 0.18) + cloud(900, 560, 300, "#ffffff", 0.14);
  if (view === 3) {
    // A campfire in a clearing.
    body += `<circle cx="420" cy="640" r="120" fill="url(#lamp)"/><path d="M395,660 L445,640 M400,640 L445,662" stroke="#3b2a1a" stroke-width="8" stroke-linecap="round"/><path d="M420,600 Q440,625 432,648 L408,648 Q398,628 420,600 Z" fill="#fb923c"/><path d="M420,618 Q430,632 426,648 L414,648 Q410,634 420,618 Z" fill="#fde68a"/>`;
  }
  return { defs, body };
};

/** Ember & Tide: a lighthouse on a rock in a storm, its beam over the sea, embers in the wind. */
const coast: World = (view) => {
  const r = rng(211 + view * 23);
  const storm = view !== 2;
  const sky = storm ? ["#0b1633", "#1e3a8a", "#c2410c"] : ["#1e3a8a", "#6b7fb8", "#fdba74"];
  const lx = [940, 300, 1010, 620][view % 4]!;
  const defs =
    linear("sky", [
      [0, sky[0]!],
      [0.42, sky[1]!],
      [0.62, sky[2]!],
    ]) +
    linear(
      "beam",
      [
        [0, "#fff3c4", 0.85],
        [1, "#fff3c4", 0],
      ],
      lx > 640 ? [1, 0, 0, 0] : [0, 0, 1, 0],
    ) +
    linear("sea", [
      [0, storm ? "#12306b" : "#2b4c8f"],
      [1, "#050b1f"],
    ]) +
    glow("lamp", "#ffd27a", 1) +
    glow("ember", "#f97316", 0.9);
  let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  for (let i = 0; i < 7; i++) body += cloud(r() * W, 60 + r() * 240, 180 + r() * 220, storm ? "#0a1230" : "#fde7cf", storm ? 0.55 : 0.35);
  if (view === 3)
    body += `<path d="M250,0 L210,140 L250,150 L190,330 L290,140 L250,132 L300,0 Z" fill="#fff7d6"/><rect width="${W}" height="${H}" fill="#dbeafe" opacity="0.08"/>`;
  // The sea, in layers of waves.
  body += `<rect y="430" width="${W}" height="290" fill="url(#sea)"/>`;
  body += wave({ y: 450, amp: 8, len: 90, phase: view * 10, fill: "#1e3a8a", opacity: 0.8 });
  body += wave({ y: 500, amp: 14, len: 140, phase: 30, fill: "#172e6e", opacity: 0.9 });
  body += wave({ y: 570, amp: 22, len: 200, phase: view * 40, fill: "#0f2457" });
  body += wave({ y: 650, amp: 26, len: 260, phase: 80, fill: "#0a1a40" });
  // Foam crests.
  for (let i = 0; i < 18; i++) {
    const x = r() * W;
    const y = 470 + r() * 220;
    body += `<path d="M${x.toFixed(0)},${y.toFixed(0)} q18,-10 36,0" stroke="#dbeafe" stroke-width="3" fill="none" opacity="0.55" stroke-linecap="round"/>`;
  }
  // The rock and the lighthouse.
  const dir = lx > 640 ? -1 : 1;
  body += `<path d="M${lx},196 L${lx + dir * 1500},60 L${lx + dir * 1500},420 Z" fill="url(#beam)" opacity="0.75"/>`;
  body += `<path d="M${lx - 190},720 L${lx - 150},560 L${lx - 80},500 L${lx + 60},480 L${lx + 150},540 L${lx + 230},720 Z" fill="#0b1020"/>`;
  body += `<path d="M${lx - 38},500 L${lx - 26},230 L${lx + 26},230 L${lx + 38},500 Z" fill="#e8e4da"/>`;
  body += `<path d="M${lx - 35},440 L${lx + 35},440 L${lx + 34},400 L${lx - 34},400 Z M${lx - 31},330 L${lx + 31},330 L${lx + 30},290 L${lx - 30},290 Z" fill="#b91c1c"/>`;
  body += `<rect x="${lx - 40}" y="220" width="80" height="12" fill="#1f2937"/><rect x="${lx - 22}" y="176" width="44" height="44" fill="#fde68a"/><path d="M${lx - 30},176 L${lx},146 L${lx + 30},176 Z" fill="#1f2937"/>`;
  body += `<circle cx="${lx}" cy="198" r="90" fill="url(#lamp)"/>`;
  body += `<rect x="${lx - 12}" y="460" width="24" height="40" rx="12" fill="#111827"/>`;
  // A small boat riding the swell.
  const bx = [380, 900, 420, 980][view % 4]!;
  body += `<g transform="translate(${bx} 590) rotate(${view % 2 ? -8 : 6})"><path d="M-60,0 L60,0 L42,24 L-44,24 Z" fill="#0b1020"/><rect x="-3" y="-90" width="5" height="90" fill="#0b1020"/><path d="M2,-86 L2,-8 L54,-8 Z" fill="#e5e7eb"/><circle cx="-30" cy="-6" r="5" fill="#fbbf24"/></g>`;
  // Embers and rain.
  for (let i = 0; i < 40; i++) {
    const x = r() * W;
    const y = r() * 460;
    body += `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(1.5 + r() * 2.5).toFixed(1)}" fill="#fb923c" opacity="${(0.4 + r() * 0.6).toFixed(2)}"/>`;
  }
  if (storm) {
    let rain = "";
    for (let i = 0; i < 90; i++) {
      const x = r() * W;
      const y = r() * H;
      rain += `M${x.toFixed(0)},${y.toFixed(0)} l-10,28 `;
    }
    body += `<path d="${rain}" stroke="#bfdbfe" stroke-width="1.5" opacity="0.35"/>`;
  }
  return { defs, body };
};

/** Starfall Courier: a night sky falling apart, floating islands, a courier gliding with a satchel of letters. */
const sky: World = (view) => {
  const r = rng(307 + view * 29);
  const defs =
    linear("sky", [
      [0, "#0c0a2a"],
      [0.55, "#312e81"],
      [1, view === 2 ? "#fb7185" : "#f0abfc"],
    ]) +
    glow("planet", "#f0abfc", 0.6) +
    linear(
      "trail",
      [
        [0, "#ffffff", 0],
        [1, "#fff7ed", 1],
      ],
      [0, 0, 1, 1],
    ) +
    linear("isle", [
      [0, "#4c1d95"],
      [1, "#1e1b4b"],
    ]);
  let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>` + stars(r, 220, 520);
  // A cracked moon.
  const mx = [980, 260, 1040, 640][view % 4]!;
  body += `<circle cx="${mx}" cy="170" r="220" fill="url(#planet)"/><circle cx="${mx}" cy="170" r="92" fill="#fbe7ff"/><path d="M${mx - 30},80 L${mx - 6},140 L${mx - 40},176 L${mx + 10},220 L${mx - 8},262" stroke="#6d28d9" stroke-width="5" fill="none"/><circle cx="${mx + 30}" cy="140" r="16" fill="#e9d5ff"/><circle cx="${mx + 40}" cy="210" r="10" fill="#e9d5ff"/>`;
  // Falling stars.
  for (let i = 0; i < 7 + view * 2; i++) {
    const x = 80 + r() * 1100;
    const y = 20 + r() * 300;
    const len = 80 + r() * 160;
    body += `<path d="M${x.toFixed(0)},${y.toFixed(0)} l${len.toFixed(0)},${(len * 0.45).toFixed(0)}" stroke="url(#trail)" stroke-width="3" stroke-linecap="round"/><circle cx="${(x + len).toFixed(0)}" cy="${(y + len * 0.45).toFixed(0)}" r="4" fill="#fff7ed"/>`;
  }
  // Floating islands, each with a little house.
  const isles = [
    [220, 470, 1.2],
    [640, 560, 0.8],
    [1060, 430, 1],
    [420, 300, 0.55],
  ] as const;
  for (const [i, [x0, y, s]] of isles.entries()) {
    const x = (x0 + view * 140 * (i % 2 ? 1 : -1) + W) % W;
    body += `<g transform="translate(${x} ${y}) scale(${s})"><path d="M-140,0 Q-120,-14 -60,-16 Q0,-26 70,-14 Q130,-10 140,0 L60,40 L20,110 L-10,60 L-60,70 Z" fill="url(#isle)"/><path d="M-140,0 Q-120,-14 -60,-16 Q0,-26 70,-14 Q130,-10 140,0 Q70,8 0,6 Q-70,8 -140,0 Z" fill="#7c3aed"/><rect x="-30" y="-66" width="54" height="50" fill="#1e1b4b"/><path d="M-40,-64 L-3,-96 L34,-64 Z" fill="#2e1065"/><rect x="-16" y="-52" width="14" height="14" fill="#fde68a"/>${pine(80, -14, 60, "#1e1b4b")}${pine(104, -12, 44, "#1e1b4b")}</g>`;
  }
  // The courier on a paper glider, letters trailing.
  const cx = [520, 760, 380, 900][view % 4]!;
  const cy = [330, 260, 380, 300][view % 4]!;
  body += `<g transform="translate(${cx} ${cy}) rotate(-8)"><path d="M-110,10 L120,-8 L-20,40 Z" fill="#fdf4ff"/><path d="M-110,10 L-20,40 L-40,18 Z" fill="#e9d5ff"/><path d="M-8,-4 q-4,-30 10,-38 q14,8 10,38 Z" fill="#1e1b4b"/><circle cx="4" cy="-50" r="11" fill="#1e1b4b"/><path d="M-6,-46 Q-50,-40 -90,-60 Q-50,-50 -6,-40 Z" fill="#f43f5e"/><rect x="8" y="-22" width="22" height="18" rx="3" fill="#b45309"/></g>`;
  for (let i = 0; i < 6; i++) {
    const x = cx - 150 - i * 60 - r() * 30;
    const y = cy + 30 + i * 22 + r() * 30;
    body += `<g transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) rotate(${(r() * 60 - 30).toFixed(0)})"><rect x="-14" y="-9" width="28" height="18" fill="#fff7ed"/><path d="M-14,-9 L0,2 L14,-9" stroke="#f0abfc" stroke-width="2" fill="none"/></g>`;
  }
  body += cloud(200, 660, 360, "#f5d0fe", 0.25) + cloud(1000, 690, 420, "#f5d0fe", 0.22);
  return { defs, body };
};

/** Faro de Niebla: a lighthouse on a headland in thick fog, a ship's shape guided by the beam. */
const fog: World = (view) => {
  const r = rng(401 + view * 31);
  const defs =
    linear("sky", [
      [0, "#475569"],
      [0.6, "#94a3b8"],
      [1, "#e2e8f0"],
    ]) +
    linear(
      "beam",
      [
        [0, "#fef3c7", 0.9],
        [1, "#fef3c7", 0],
      ],
      [0, 0, 1, 0],
    ) +
    glow("lamp", "#fde68a", 1) +
    linear("fog", [
      [0, "#e2e8f0", 0],
      [0.5, "#e2e8f0", 0.8],
      [1, "#e2e8f0", 0],
    ]);
  let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  body += `<rect y="470" width="${W}" height="250" fill="#64748b"/>`;
  body += wave({ y: 500, amp: 6, len: 120, phase: 0, fill: "#56657a" });
  body += wave({ y: 580, amp: 10, len: 180, phase: 40, fill: "#475569" });
  // The headland and the lighthouse on the left.
  body += `<path d="M0,720 L0,420 L120,400 L240,430 L330,500 L380,620 L420,720 Z" fill="#1e293b"/>`;
  body += `<path d="M172,410 L160,420 L150,170 L200,170 L190,420 Z" fill="#f8fafc"/><path d="M152,250 L198,250 L196,280 L154,280 Z M156,330 L194,330 L192,360 L158,360 Z" fill="#334155"/>`;
  body += `<rect x="146" y="160" width="58" height="10" fill="#1e293b"/><rect x="158" y="120" width="34" height="40" fill="#fde68a"/><path d="M150,120 L175,92 L200,120 Z" fill="#1e293b"/>`;
  body += `<path d="M175,140 L1400,${[40, 140, 260, 90][view % 4]} L1400,${[330, 430, 520, 380][view % 4]} Z" fill="url(#beam)" opacity="0.8"/><circle cx="175" cy="140" r="110" fill="url(#lamp)"/>`;
  // A keeper's house beside it.
  body += `<rect x="220" y="380" width="80" height="50" fill="#0f172a"/><path d="M212,382 L260,350 L308,382 Z" fill="#0f172a"/><rect x="240" y="396" width="14" height="14" fill="#fde68a"/>`;
  // Ships half hidden in the fog.
  for (const [i, x] of [
    [0, 760],
    [1, 1040],
    [2, 560],
  ].map(([i, x]) => [i!, (x! + view * 120) % 1200]) as [number, number][]) {
    const s = [1, 0.6, 0.45][i]!;
    const y = [540, 500, 490][i]!;
    body += `<g transform="translate(${x} ${y}) scale(${s})" fill="#1e293b" opacity="${[0.85, 0.5, 0.4][i]}"><path d="M-150,0 L150,0 L120,40 L-130,40 Z"/><rect x="-8" y="-200" width="8" height="200"/><rect x="70" y="-150" width="6" height="150"/><path d="M4,-190 L4,-20 L110,-20 Z"/><path d="M-12,-180 L-12,-30 L-120,-30 Z"/><circle cx="-100" cy="-6" r="6" fill="#fde68a"/></g>`;
  }
  // Bands of fog drifting across.
  for (let i = 0; i < 6; i++) {
    const y = 300 + i * 70 + r() * 30;
    body += `<rect x="-20" y="${y.toFixed(0)}" width="${W + 40}" height="${(60 + r() * 60).toFixed(0)}" fill="url(#fog)" opacity="${(0.35 + r() * 0.35).toFixed(2)}"/>`;
  }
  for (let i = 0; i < 6; i++) body += cloud(r() * W, 380 + r() * 300, 200 + r() * 200, "#f1f5f9", 0.25);
  // Gulls.
  let gulls = "";
  for (let i = 0; i < 5; i++) {
    const x = 500 + r() * 600;
    const y = 120 + r() * 160;
    gulls += `M${x.toFixed(0)},${y.toFixed(0)} q9,-9 18,0 q9,-9 18,0 `;
  }
  body += `<path d="${gulls}" stroke="#1e293b" stroke-width="3" fill="none" stroke-linecap="round"/>`;
  return { defs, body };
};

/** Huerto Lunar: a garden dome on the Moon, robot neighbours tending the rows, the Earth rising. */
const moon: World = (view) => {
  const r = rng(503 + view * 37);
  const defs =
    linear("sky", [
      [0, "#030712"],
      [1, "#1e1b4b"],
    ]) +
    linear("ground", [
      [0, "#9ca3af"],
      [1, "#374151"],
    ]) +
    glow("earthGlow", "#67e8f9", 0.5) +
    glow("domeGlow", "#a3e635", 0.5) +
    linear(
      "earth",
      [
        [0, "#22d3ee"],
        [1, "#1d4ed8"],
      ],
      [0, 0, 1, 1],
    );
  let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>` + stars(r, 200, 480);
  const ex = [1030, 240, 900, 640][view % 4]!;
  body += `<circle cx="${ex}" cy="150" r="170" fill="url(#earthGlow)"/><circle cx="${ex}" cy="150" r="84" fill="url(#earth)"/><path d="M${ex - 50},120 q20,-30 50,-10 q20,20 -10,40 q-30,10 -40,-30 Z M${ex + 20},170 q30,-10 40,20 q-20,30 -50,10 Z" fill="#4ade80" opacity="0.9"/><path d="M${ex - 80},150 q40,-12 80,0 q40,12 84,-2" stroke="#ffffff" stroke-width="6" fill="none" opacity="0.6"/>`;
  body += ridge(r, { y: 470, amp: 40, step: 80, fill: "#4b5563", jag: 0.5 });
  body += `<path d="M-20,720 L-20,520 Q320,480 640,510 Q960,540 1300,500 L1300,720 Z" fill="url(#ground)"/>`;
  for (let i = 0; i < 14; i++) {
    const x = r() * W;
    const y = 540 + r() * 170;
    const s = 14 + r() * 40;
    body += `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="${s.toFixed(0)}" ry="${(s * 0.3).toFixed(0)}" fill="#374151"/><ellipse cx="${x.toFixed(0)}" cy="${(y - s * 0.06).toFixed(0)}" rx="${(s * 0.8).toFixed(0)}" ry="${(s * 0.2).toFixed(0)}" fill="#1f2937"/>`;
  }
  // The dome and its garden.
  const dx = [520, 760, 420, 640][view % 4]!;
  body += `<circle cx="${dx}" cy="560" r="300" fill="url(#domeGlow)"/>`;
  body += `<path d="M${dx - 220},580 A220,200 0 0 1 ${dx + 220},580 Z" fill="#a5f3fc" opacity="0.22"/>`;
  let rows = "";
  for (let i = 0; i < 5; i++) {
    const y = 560 - i * 22;
    const half = 190 - i * 30;
    for (let x = dx - half; x <= dx + half; x += 26)
      rows += `M${x},${y} q-8,-16 0,-24 q8,8 0,24 M${x},${y - 8} q10,-12 16,-8 q-6,10 -16,8 `;
  }
  body += `<path d="${rows}" fill="#84cc16"/>`;
  body += `<path d="M${dx - 220},580 A220,200 0 0 1 ${dx + 220},580 M${dx - 150},580 Q${dx - 110},420 ${dx},380 M${dx + 150},580 Q${dx + 110},420 ${dx},380 M${dx},380 L${dx},580 M${dx - 205},500 L${dx + 205},500" stroke="#e0f2fe" stroke-width="4" fill="none" opacity="0.7"/>`;
  body += `<rect x="${dx - 240}" y="578" width="480" height="18" rx="6" fill="#6b7280"/>`;
  // Robot neighbours.
  const robot = (x: number, y: number, s: number, tint: string) =>
    `<g transform="translate(${x} ${y}) scale(${s})"><rect x="-26" y="-60" width="52" height="46" rx="12" fill="${tint}"/><rect x="-16" y="-50" width="32" height="18" rx="9" fill="#0f172a"/><circle cx="-7" cy="-41" r="4" fill="#67e8f9"/><circle cx="7" cy="-41" r="4" fill="#67e8f9"/><path d="M0,-60 L0,-76" stroke="${tint}" stroke-width="4"/><circle cx="0" cy="-80" r="5" fill="#f472b6"/><rect x="-20" y="-14" width="40" height="12" rx="6" fill="#374151"/><circle cx="-14" cy="0" r="8" fill="#1f2937"/><circle cx="14" cy="0" r="8" fill="#1f2937"/><path d="M26,-40 L44,-30 L52,-36" stroke="${tint}" stroke-width="5" fill="none" stroke-linecap="round"/></g>`;
  body += robot(dx + 300, 640, 1.3, "#e5e7eb") + robot(dx - 320, 660, 1, "#fcd34d");
  if (view >= 2) body += robot(dx + 60, 690, 0.8, "#f9a8d4");
  // An astronaut-gardener.
  body += `<g transform="translate(${dx + 160} 560)"><circle cx="0" cy="-70" r="18" fill="#f8fafc"/><rect x="-9" y="-76" width="20" height="10" rx="5" fill="#0ea5e9"/><rect x="-16" y="-52" width="32" height="40" rx="10" fill="#f8fafc"/><rect x="-14" y="-14" width="10" height="20" fill="#e2e8f0"/><rect x="4" y="-14" width="10" height="20" fill="#e2e8f0"/><path d="M16,-40 L34,-26" stroke="#f8fafc" stroke-width="8" stroke-linecap="round"/><path d="M30,-30 L50,-20 L42,-10 Z" fill="#22c55e"/></g>`;
  return { defs, body };
};

/** A stone golem standing, base at (x, y): blocks of stone, moss on its shoulders and head, a rune on its chest. */
function golem(x: number, y: number, s: number, c: { stone: string; shade: string; moss: string; glow: string }): string {
  const mossTuft = (cx: number, cy: number, w: number) =>
    `<path d="M${cx - w},${cy} q${w * 0.3},-${w * 0.7} ${w * 0.7},-${w * 0.35} q${w * 0.35},-${w * 0.6} ${w * 0.75},-${w * 0.1} q${w * 0.45},-${w * 0.5} ${w * 0.55},${w * 0.45} Z" fill="${c.moss}"/>`;
  return (
    `<g transform="translate(${x} ${y}) scale(${s})">` +
    // Legs and feet.
    `<rect x="-52" y="-96" width="40" height="96" rx="10" fill="${c.shade}"/><rect x="12" y="-96" width="40" height="96" rx="10" fill="${c.shade}"/>` +
    `<rect x="-60" y="-18" width="54" height="18" rx="6" fill="${c.stone}"/><rect x="6" y="-18" width="54" height="18" rx="6" fill="${c.stone}"/>` +
    // Body, a cracked block.
    `<rect x="-78" y="-250" width="156" height="166" rx="26" fill="${c.stone}"/>` +
    `<path d="M-30,-240 L-18,-200 L-36,-170 L-20,-130 M44,-220 L30,-190 L48,-160" stroke="${c.shade}" stroke-width="5" fill="none" stroke-linecap="round"/>` +
    `<circle cx="0" cy="-170" r="38" fill="${c.glow}" opacity="0.25"/><path d="M0,-192 L16,-170 L0,-148 L-16,-170 Z" fill="${c.glow}"/>` +
    // Arms, long and heavy, hanging past the knees.
    `<rect x="-122" y="-244" width="46" height="188" rx="18" fill="${c.shade}"/><rect x="76" y="-244" width="46" height="188" rx="18" fill="${c.shade}"/>` +
    `<rect x="-128" y="-70" width="58" height="40" rx="14" fill="${c.stone}"/><rect x="70" y="-70" width="58" height="40" rx="14" fill="${c.stone}"/>` +
    // Head and eyes.
    `<rect x="-36" y="-312" width="72" height="62" rx="14" fill="${c.stone}"/>` +
    `<rect x="-22" y="-290" width="14" height="8" rx="3" fill="${c.glow}"/><rect x="8" y="-290" width="14" height="8" rx="3" fill="${c.glow}"/>` +
    // Moss on the head, the shoulders and a knee.
    mossTuft(-36, -306, 44) +
    mossTuft(-126, -238, 52) +
    mossTuft(74, -240, 56) +
    mossTuft(12, -92, 30) +
    `<path d="M100,-200 q6,40 -4,80 M-100,-210 q-8,30 2,70" stroke="${c.moss}" stroke-width="4" fill="none"/>` +
    `</g>`
  );
}

/** Mossbound: old stone ruins under a forest canopy, overgrown with moss, and the stone golem who guards them. */
const ruin: World = (view) => {
  const r = rng(601 + view * 41);
  const time = [
    {
      sky: ["#0d2622", "#2f5d50", "#b7d3a8"],
      far: "#4b7a66",
      mid: "#2c5245",
      near: "#16322a",
      stone: "#7b8a80",
      shade: "#4f5d55",
      moss: "#6fae4f",
      glow: "#c6f59f",
      ray: "#f4ffd9",
    },
    {
      sky: ["#040a14", "#0f2536", "#1f4a4c"],
      far: "#1d3b40",
      mid: "#132c31",
      near: "#0a1b1f",
      stone: "#55636a",
      shade: "#343f45",
      moss: "#3f7a45",
      glow: "#7dd3fc",
      ray: "#bae6fd",
    },
    {
      sky: ["#4b7f8e", "#a9cdb8", "#f1f5dc"],
      far: "#7aa08a",
      mid: "#517a63",
      near: "#2d4a3a",
      stone: "#959f94",
      shade: "#68736a",
      moss: "#7fbf55",
      glow: "#e9ffb8",
      ray: "#ffffff",
    },
    {
      sky: ["#23173a", "#5e3b5c", "#d9925f"],
      far: "#6b4a5e",
      mid: "#453247",
      near: "#221a29",
      stone: "#7c7177",
      shade: "#524a52",
      moss: "#6d9a4a",
      glow: "#fcd34d",
      ray: "#ffe4b5",
    },
  ][view % 4]!;
  const defs =
    linear("sky", [
      [0, time.sky[0]!],
      [0.55, time.sky[1]!],
      [1, time.sky[2]!],
    ]) +
    linear("ray", [
      [0, time.ray, 0.5],
      [1, time.ray, 0],
    ]) +
    linear("mist", [
      [0, time.sky[2]!, 0],
      [1, time.sky[2]!, 0.6],
    ]) +
    glow("rune", time.glow, 0.8);
  let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  if (view === 1) body += stars(r, 90, 260, "#e0f2fe");
  // The canopy far away, then the ruins' back wall.
  body += ridge(r, { y: 330, amp: 50, step: 50, fill: time.far, jag: 0.8 });
  body += `<rect y="300" width="${W}" height="160" fill="url(#mist)"/>`;
  body += pineRow(r, { y: 460, h: 140, gap: 60, fill: time.mid, jitter: 30 });
  // Shafts of light through the leaves.
  const rays = [
    [380, 0.55],
    [700, 0.4],
    [980, 0.5],
  ] as const;
  for (const [x, o] of rays)
    body += `<path d="M${x + (view - 1) * 60},-10 L${x + 70 + (view - 1) * 60},-10 L${x + 240},${H} L${x + 60},${H} Z" fill="url(#ray)" opacity="${view === 1 ? o * 0.4 : o}"/>`;
  // A broken colonnade: columns of stacked drums, some snapped off, each capped with moss.
  const colX = [140, 300, 460, 820, 980, 1140].map((x) => (x + view * 70) % 1280);
  for (const [i, x] of colX.entries()) {
    const h = [260, 180, 230, 120, 250, 200][(i + view) % 6]!;
    const top = 560 - h;
    let drums = "";
    for (let y = 560; y > top + 10; y -= 46)
      drums += `<rect x="${x - 34}" y="${Math.max(top, y - 44)}" width="68" height="${Math.min(44, y - top)}" rx="5" fill="${time.stone}"/>`;
    body += drums + `<path d="M${x - 34},${top + 8} l12,-14 l14,10 l16,-18 l12,12 l14,-6 l0,16 Z" fill="${time.stone}"/>`;
    body += `<path d="M${x - 40},${top + 10} q20,-26 40,-12 q20,-20 40,4 q2,10 -8,12 L${x - 34},${top + 16} Z" fill="${time.moss}"/>`;
    body += `<path d="M${x - 20},${top + 14} q-6,40 4,80 M${x + 18},${top + 12} q8,30 -2,60" stroke="${time.moss}" stroke-width="4" fill="none"/>`;
  }
  // A great arch, half fallen, vines hanging from it.
  const ax = [840, 420, 760, 540][view % 4]!;
  body += `<path d="M${ax - 210},600 L${ax - 210},330 Q${ax - 210},170 ${ax},170 Q${ax + 210},170 ${ax + 210},330 L${ax + 210},420 L${ax + 150},420 L${ax + 150},330 Q${ax + 150},230 ${ax},230 Q${ax - 150},230 ${ax - 150},330 L${ax - 150},600 Z" fill="${time.shade}"/>`;
  body += `<path d="M${ax - 220},200 Q${ax - 120},150 ${ax},162 Q${ax + 120},150 ${ax + 190},210 Q${ax + 120},180 ${ax},186 Q${ax - 120},180 ${ax - 220},220 Z" fill="${time.moss}"/>`;
  let vines = "";
  for (let i = 0; i < 9; i++) {
    const vx = ax - 180 + i * 45 + r() * 10;
    const len = 60 + r() * 150;
    vines += `M${vx.toFixed(0)},${(200 + Math.abs(vx - ax) * 0.25).toFixed(0)} q${(r() * 16 - 8).toFixed(0)},${(len / 2).toFixed(0)} 0,${len.toFixed(0)} `;
  }
  body += `<path d="${vines}" stroke="${time.moss}" stroke-width="5" fill="none" stroke-linecap="round"/>`;
  // The ground: mossy flagstones, then the near bank of ferns.
  body += `<path d="M-20,720 L-20,560 Q320,530 640,550 Q960,570 1300,540 L1300,720 Z" fill="${time.near}"/>`;
  for (let i = 0; i < 16; i++) {
    const x = r() * W;
    const y = 580 + r() * 110;
    const w = 40 + r() * 60;
    body += `<path d="M${x.toFixed(0)},${y.toFixed(0)} l${w.toFixed(0)},-6 l8,16 l-${(w + 12).toFixed(0)},6 Z" fill="${time.shade}" opacity="0.8"/><ellipse cx="${(x + w / 2).toFixed(0)}" cy="${(y - 2).toFixed(0)}" rx="${(w / 3).toFixed(0)}" ry="5" fill="${time.moss}" opacity="0.8"/>`;
  }
  // The golem, and the small traveller who found it.
  const gx = [ax + 10, ax + 260, ax - 280, ax + 40][view % 4]!;
  const gs = [1.05, 0.8, 0.55, 1.2][view % 4]!;
  body += `<circle cx="${gx}" cy="${600 - 170 * gs}" r="${160 * gs}" fill="url(#rune)"/>`;
  body += golem(gx, 612, gs, time);
  const tx = [ax - 250, ax - 60, ax + 120, ax - 300][view % 4]!;
  body += `<g fill="${time.near}"><path d="M${tx - 14},640 L${tx - 7},584 Q${tx},566 ${tx + 7},584 L${tx + 14},640 Z"/><circle cx="${tx}" cy="572" r="9"/><path d="M${tx + 8},590 L${tx + 28},560" stroke="${time.near}" stroke-width="4"/></g>`;
  // Ferns at the front.
  for (let i = 0; i < 7; i++) {
    const fx = r() * W;
    const fs = 0.7 + r() * 0.8;
    body += `<g transform="translate(${fx.toFixed(0)} 730) scale(${fs.toFixed(2)})" fill="${time.near}"><path d="M0,0 Q-40,-60 -110,-80 Q-50,-50 0,0 Z M0,0 Q10,-90 -20,-160 Q30,-90 0,0 Z M0,0 Q60,-70 120,-70 Q60,-40 0,0 Z"/></g>`;
  }
  // Floating spores.
  for (let i = 0; i < 30; i++) {
    const x = r() * W;
    const y = 200 + r() * 460;
    body += `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(1.5 + r() * 2.5).toFixed(1)}" fill="${time.glow}" opacity="${(0.35 + r() * 0.6).toFixed(2)}"/>`;
  }
  return { defs, body };
};

/** A paper lantern, centre at (x, y): ribbed paper lit from inside, dark caps, its own glow. */
function lantern(x: number, y: number, s: number, tint: string, opacity = 1): string {
  const ribs = [-12, 0, 12].map((dx) => `M${dx},-20 Q${dx * 1.6},0 ${dx},20`).join(" ");
  return (
    `<g transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) scale(${s.toFixed(2)})" opacity="${opacity}">` +
    `<circle r="46" fill="url(#halo)"/>` +
    `<ellipse rx="22" ry="26" fill="${tint}"/><ellipse rx="13" ry="18" fill="#fff7d6" opacity="0.55"/>` +
    `<path d="${ribs}" stroke="#b45309" stroke-width="1.6" fill="none" opacity="0.6"/>` +
    `<rect x="-10" y="-30" width="20" height="6" rx="2" fill="#3b1d0e"/><rect x="-10" y="24" width="20" height="6" rx="2" fill="#3b1d0e"/>` +
    `</g>`
  );
}

/** Paper Lanterns: a river town at night during its festival, paper lanterns rising over the water. */
const lanterns: World = (view) => {
  const r = rng(701 + view * 43);
  const time = [
    { sky: ["#070b24", "#1b1f52", "#5b2d6e"], water: ["#141a45", "#05071a"], town: "#0b0d22", far: "#1c1f4a", moon: "#fef3c7" },
    { sky: ["#0a0a1f", "#2a1948", "#7a2e5a"], water: ["#1d1640", "#070514"], town: "#0e0a1e", far: "#2b1d4d", moon: "#fde68a" },
    { sky: ["#1e2a5a", "#5a5f9e", "#f2a98a"], water: ["#33407a", "#0e1333"], town: "#151a3d", far: "#3a4378", moon: "#fff7ed" },
    { sky: ["#050716", "#131a40", "#2c2a63"], water: ["#10163b", "#03040e"], town: "#080a1b", far: "#171b40", moon: "#e0e7ff" },
  ][view % 4]!;
  const defs =
    linear("sky", [
      [0, time.sky[0]!],
      [0.6, time.sky[1]!],
      [1, time.sky[2]!],
    ]) +
    linear("water", [
      [0, time.water[0]!],
      [1, time.water[1]!],
    ]) +
    glow("halo", "#fbbf24", 0.55) +
    glow("moonGlow", time.moon, 0.5);
  const waterY = 470;
  let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>` + stars(r, view === 2 ? 40 : 160, 360, "#fef9c3");
  const mx = [1020, 220, 980, 640][view % 4]!;
  body += `<circle cx="${mx}" cy="120" r="150" fill="url(#moonGlow)"/><circle cx="${mx}" cy="120" r="46" fill="${time.moon}"/><circle cx="${mx + 16}" cy="110" r="40" fill="${time.sky[0]}" opacity="${view === 2 ? 0 : 0.9}"/>`;
  // Hills behind the town, then the town on both banks: houses with pitched roofs and lit windows.
  body += ridge(r, { y: 380, amp: 40, step: 90, fill: time.far, jag: 0.5 });
  const houses = (from: number, to: number, base: number) => {
    let out = "";
    for (let x = from; x < to;) {
      const w = 50 + r() * 60;
      const h = 50 + r() * 90;
      const roof = 20 + r() * 24;
      out += `<path d="M${x.toFixed(0)},${base} L${x.toFixed(0)},${(base - h).toFixed(0)} L${(x + w / 2).toFixed(0)},${(base - h - roof).toFixed(0)} L${(x + w).toFixed(0)},${(base - h).toFixed(0)} L${(x + w).toFixed(0)},${base} Z" fill="${time.town}"/>`;
      for (let i = 0; i < 3; i++)
        if (r() < 0.6)
          out += `<rect x="${(x + 10 + r() * (w - 26)).toFixed(0)}" y="${(base - h + 12 + r() * (h - 34)).toFixed(0)}" width="10" height="13" fill="#fbbf24" opacity="${(0.6 + r() * 0.4).toFixed(2)}"/>`;
      x += w + 4;
    }
    return out;
  };
  body += houses(-20, 470, waterY) + houses(820, 1300, waterY);
  // The river and the town's light on it.
  body += `<rect y="${waterY}" width="${W}" height="${H - waterY}" fill="url(#water)"/>`;
  let ripples = "";
  for (let i = 0; i < 40; i++) {
    const x = r() * W;
    const y = waterY + 10 + r() * (H - waterY - 10);
    ripples += `M${x.toFixed(0)},${y.toFixed(0)} h${(20 + r() * 60).toFixed(0)} `;
  }
  body += `<path d="${ripples}" stroke="#fbbf24" stroke-width="2" opacity="0.22"/>`;
  // A stone bridge over the river, and its reflection.
  const bx = [640, 560, 720, 640][view % 4]!;
  const bridge = (flip: boolean, o: number) => {
    const sy = flip ? -1 : 1;
    const y = (d: number) => waterY - sy * d;
    return `<path d="M${bx - 300},${y(0)} L${bx - 300},${y(110)} Q${bx},${y(190)} ${bx + 300},${y(110)} L${bx + 300},${y(0)} L${bx + 170},${y(0)} A170,120 0 0 ${flip ? 1 : 0} ${bx - 170},${y(0)} Z" fill="${time.town}" opacity="${o}"/>`;
  };
  body += bridge(true, 0.45) + bridge(false, 1);
  body += `<path d="M${bx - 300},${waterY - 110} Q${bx},${waterY - 190} ${bx + 300},${waterY - 110}" stroke="#fbbf24" stroke-width="3" fill="none" stroke-dasharray="2 26" stroke-linecap="round"/>`;
  // The lanterns: rising in the sky, fewer and farther the higher they are, and floating on the river.
  const count = [34, 22, 14, 26][view % 4]!;
  for (let i = 0; i < count; i++) {
    const x = 40 + r() * 1200;
    const y = 40 + r() * 380;
    const s = 0.35 + (y / 420) * 0.7;
    body += lantern(x, y, s, r() < 0.3 ? "#fb923c" : "#fbbf24", 0.75 + r() * 0.25);
  }
  for (let i = 0; i < 9; i++) {
    const x = 80 + r() * 1120;
    const y = waterY + 40 + r() * 200;
    const s = 0.5 + ((y - waterY) / 250) * 0.8;
    body +=
      `<ellipse cx="${x.toFixed(0)}" cy="${(y + 40 * s).toFixed(0)}" rx="${(30 * s).toFixed(0)}" ry="${(60 * s).toFixed(0)}" fill="#fbbf24" opacity="0.18"/>` +
      lantern(x, y, s, "#fdba74");
  }
  // Strings of lanterns across the street on the festival night.
  if (view === 1 || view === 3) {
    for (const [y0, sag] of [
      [150, 70],
      [250, 50],
    ] as const) {
      body += `<path d="M-20,${y0} Q640,${y0 + sag * 2} 1300,${y0}" stroke="#1f1235" stroke-width="3" fill="none"/>`;
      for (let x = 40; x < 1260; x += 80) {
        const t = (x + 20) / 1320;
        const y = y0 + sag * 4 * t * (1 - t);
        body += lantern(x, y + 22, 0.55, x % 160 ? "#f472b6" : "#fbbf24");
      }
    }
  }
  // A boat with someone letting a lantern go.
  const boatX = [300, 900, 420, 980][view % 4]!;
  body += `<g transform="translate(${boatX} ${waterY + 120})"><path d="M-90,0 L90,0 L70,26 L-72,26 Z" fill="${time.town}"/><path d="M-6,0 L-2,-46 Q4,-60 10,-46 L14,0 Z" fill="${time.town}"/><circle cx="4" cy="-58" r="9" fill="${time.town}"/><path d="M10,-40 L34,-64" stroke="${time.town}" stroke-width="5" stroke-linecap="round"/></g>`;
  body += lantern(boatX + 44, waterY + 30, 0.9, "#fde68a");
  if (view === 3) body += lantern(1040, 430, 3.2, "#fbbf24") + lantern(200, 560, 2.4, "#fb923c");
  return { defs, body };
};

/** The worlds by game. */
export const WORLDS = { forest, coast, sky, fog, moon, ruin, lanterns } as const;
export type WorldName = keyof typeof WORLDS;
