import { sql } from "drizzle-orm";
import type { Logger } from "#server/platform/logger";
import type { Storage } from "#server/platform/storage";
import type { Database } from "./client";
import { gamePieces, storeDemoArt } from "./demo-art";
import { collaborators, episodeCollaborators, podcastEpisodes, videoCollaborators, videos } from "./schema";

const DAY = 86_400_000;

/** The demo's videos and episodes, by their stable addresses (/videos/{slug}, /podcast/{slug}). */
export const DEMO_VIDEO_SLUGS = [
  "hollow-pines-first-look",
  "making-ember-and-tide",
  "pixel-art-in-an-afternoon",
  "indie-showcase-autumn",
  "sound-design-on-a-budget",
  "devlog-lighting-the-forest",
] as const;
export const DEMO_EPISODE_SLUGS = [
  "small-studio-big-dreams",
  "funding-your-first-game",
  "the-art-of-the-demo",
  "launch-week-stories",
] as const;

type Item = { slug: string; es: [string, string]; en: [string, string]; art: string; people: number[] };

const PEOPLE = [
  { name: "Lucía Brisa", twitterUrl: "https://twitter.com/luciabrisa", youtubeUrl: "https://www.youtube.com/@luciabrisa", twitchUrl: null },
  {
    name: "Marco Pixel",
    twitterUrl: null,
    youtubeUrl: "https://www.youtube.com/@marcopixel",
    twitchUrl: "https://www.twitch.tv/marcopixel",
  },
  { name: "Ana Norte", twitterUrl: "https://twitter.com/ananorte", youtubeUrl: null, twitchUrl: "https://www.twitch.tv/ananorte" },
  { name: "Sam Tide", twitterUrl: "https://twitter.com/samtide", youtubeUrl: "https://www.youtube.com/@samtide", twitchUrl: null },
];

const VIDEOS: (Item & { youtubeId: string })[] = [
  {
    slug: DEMO_VIDEO_SLUGS[0],
    youtubeId: "dQw4w9WgXcQ",
    es: [
      "Hollow Pines: primer vistazo",
      "Recorremos el bosque de Hollow Pines con su directora y hablamos de cómo recuerda a quien lo cruza.",
    ],
    en: [
      "Hollow Pines: first look",
      "A walk through the forest of Hollow Pines with its director, and how it remembers everyone who crosses it.",
    ],
    art: "hollow-pines-shot-1",
    people: [0, 1],
  },
  {
    slug: DEMO_VIDEO_SLUGS[1],
    youtubeId: "aB3dE5fG7hI",
    es: ["Así se hizo Ember & Tide", "Del primer prototipo en papel a la costa en llamas: el equipo de Tidal Forge cuenta su proceso."],
    en: ["Making Ember & Tide", "From the first paper prototype to the burning coast: the Tidal Forge team on their process."],
    art: "ember-and-tide-shot-1",
    people: [3],
  },
  {
    slug: DEMO_VIDEO_SLUGS[2],
    youtubeId: "Px1Art2Tut3",
    es: ["Pixel art en una tarde", "Un tutorial para dibujar tu primer escenario en pixel art con una paleta de ocho colores."],
    en: ["Pixel art in an afternoon", "A tutorial to draw your first pixel-art scene with an eight-colour palette."],
    art: "hollow-pines-shot-2",
    people: [1],
  },
  {
    slug: DEMO_VIDEO_SLUGS[3],
    youtubeId: "Sh0wCaseAu7",
    es: ["Escaparate indie de otoño", "Doce juegos indie que no te puedes perder este otoño, jugados en directo."],
    en: ["Autumn indie showcase", "Twelve indie games you should not miss this autumn, played live."],
    art: "ember-and-tide-shot-2",
    people: [0, 2, 3],
  },
  {
    slug: DEMO_VIDEO_SLUGS[4],
    youtubeId: "S0undDes1gn",
    es: ["Diseño de sonido con poco presupuesto", "Cómo grabar efectos de sonido con lo que tienes en casa."],
    en: ["Sound design on a budget", "How to record sound effects with what you have at home."],
    art: "starfall-courier-shot-1",
    people: [2],
  },
  {
    slug: DEMO_VIDEO_SLUGS[5],
    youtubeId: "D3vL0gLight",
    es: ["Diario de desarrollo: iluminar el bosque", "La luz dinámica de Hollow Pines, paso a paso."],
    en: ["Devlog: lighting the forest", "The dynamic lighting of Hollow Pines, step by step."],
    art: "hollow-pines-shot-3",
    people: [0],
  },
];

const EPISODES: (Item & { links: Partial<Record<"spotifyUrl" | "appleUrl" | "amazonUrl" | "ivooxUrl" | "steamUrl", string>> })[] = [
  {
    slug: DEMO_EPISODE_SLUGS[0],
    es: ["Estudio pequeño, grandes sueños", "Hablamos con Estudio Brisa sobre hacer juegos con un equipo de tres personas."],
    en: ["Small studio, big dreams", "We talk with Estudio Brisa about making games with a team of three."],
    art: "starfall-courier-shot-2",
    people: [0, 2],
    links: {
      spotifyUrl: "https://open.spotify.com/episode/demo-small-studio",
      appleUrl: "https://podcasts.apple.com/podcast/demo-small-studio",
      ivooxUrl: "https://www.ivoox.com/demo-small-studio",
    },
  },
  {
    slug: DEMO_EPISODE_SLUGS[1],
    es: ["Financiar tu primer juego", "Becas, editoras y micromecenazgo: qué funciona y qué no."],
    en: ["Funding your first game", "Grants, publishers and crowdfunding: what works and what does not."],
    art: "ember-and-tide-shot-3",
    people: [3],
    links: { spotifyUrl: "https://open.spotify.com/episode/demo-funding", amazonUrl: "https://music.amazon.com/podcasts/demo-funding" },
  },
  {
    slug: DEMO_EPISODE_SLUGS[2],
    es: ["El arte de la demo", "Por qué una buena demo vende más que cualquier tráiler."],
    en: ["The art of the demo", "Why a good demo sells better than any trailer."],
    art: "starfall-courier-shot-3",
    people: [1, 3],
    links: {
      steamUrl: "https://store.steampowered.com/news/app/demo-art-of-the-demo",
      spotifyUrl: "https://open.spotify.com/episode/demo-art",
    },
  },
  {
    slug: DEMO_EPISODE_SLUGS[3],
    es: ["Historias de la semana de lanzamiento", "Lo que nadie te cuenta de los siete días tras publicar un juego."],
    en: ["Launch week stories", "What nobody tells you about the seven days after a game ships."],
    art: "starfall-courier-capsule",
    people: [0, 1, 2],
    links: { appleUrl: "https://podcasts.apple.com/podcast/demo-launch-week", ivooxUrl: "https://www.ivoox.com/demo-launch-week" },
  },
];

/**
 * The demo's videos and podcast episodes, in both languages, with the collaborators who appear in them: only
 * while there are none. Their thumbnails are the demo games' art (drawn in code, copied when the build drew it
 * already): nothing is fetched.
 */
export async function seedDemoContent(db: Database, log: Logger, opts: { storage: Storage }): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(videos);
  if (count > 0) return false;
  const pieces = ["hollow-pines", "ember-and-tide", "starfall-courier"].flatMap((slug) => gamePieces(slug, { featured: true }));
  const wanted = new Set([...VIDEOS, ...EPISODES].map((i) => i.art));
  const urls = await storeDemoArt(
    opts.storage,
    pieces.filter((p) => wanted.has(p.name)),
  );
  const now = Date.now();
  const people = PEOPLE.map((p, i) => ({ id: `demo-collaborator-${i + 1}`, ...p }));
  await db.transaction(async (tx) => {
    await tx.insert(collaborators).values(people);
    for (const [i, v] of VIDEOS.entries()) {
      const id = `demo-video-${i + 1}`;
      await tx.insert(videos).values({
        id,
        slug: v.slug,
        youtubeId: v.youtubeId,
        titleEs: v.es[0],
        descriptionEs: v.es[1],
        titleEn: v.en[0],
        descriptionEn: v.en[1],
        thumbnailUrl: urls[v.art] ?? null,
        position: i,
        published: true,
        publishedAt: new Date(now - (i + 1) * 6 * DAY),
      });
      await tx.insert(videoCollaborators).values(v.people.map((p) => ({ videoId: id, collaboratorId: people[p]!.id })));
    }
    for (const [i, e] of EPISODES.entries()) {
      const id = `demo-episode-${i + 1}`;
      await tx.insert(podcastEpisodes).values({
        id,
        slug: e.slug,
        titleEs: e.es[0],
        descriptionEs: e.es[1],
        titleEn: e.en[0],
        descriptionEn: e.en[1],
        thumbnailUrl: urls[e.art] ?? null,
        ...e.links,
        position: i,
        published: true,
        publishedAt: new Date(now - (i + 1) * 9 * DAY),
      });
      await tx.insert(episodeCollaborators).values(e.people.map((p) => ({ episodeId: id, collaboratorId: people[p]!.id })));
    }
  });
  log.info("demo videos and podcast seeded", { videos: VIDEOS.length, episodes: EPISODES.length });
  return true;
}
