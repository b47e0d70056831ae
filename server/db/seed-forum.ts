import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { createCategory, createForum, createTag, createThreadWithPosts } from "#server/db/forum-factories";
import type { Database } from "./client";
import { forumCategories, forums as forumsTable, profiles, reports, threads as threadsTable } from "./schema";

const HOUR = 3600_000;

type DemoThread = {
  forum: string;
  by: string;
  title: string;
  body: string;
  tags?: string[];
  pinned?: boolean;
  likes?: string[];
  replies?: Array<[by: string, body: string, likes?: string[]]>;
  /** The reply (1 = the first) the author accepted: the thread is resolved. */
  accepted?: number;
};

const categories = [
  {
    slug: "comunidad",
    titleEs: "Comunidad",
    titleEn: "Community",
    descriptionEs: "Presentaciones, normas y charla general.",
    descriptionEn: "Introductions, rules and general chat.",
  },
  {
    slug: "desarrollo",
    titleEs: "Desarrollo",
    titleEn: "Development",
    descriptionEs: "Programación, arte, sonido y diseño de juegos.",
    descriptionEn: "Programming, art, sound and game design.",
  },
  {
    slug: "creadores",
    titleEs: "Creadores y estudios",
    titleEn: "Creators and studios",
    descriptionEs: "Contenido, campañas de claves y promoción.",
    descriptionEn: "Content, key campaigns and promotion.",
  },
];
const forumsSpec = [
  {
    category: "comunidad",
    slug: "presentaciones",
    titleEs: "Presentaciones",
    titleEn: "Introductions",
    descriptionEs: "Cuéntanos quién eres y a qué juegas.",
    descriptionEn: "Tell us who you are and what you play.",
  },
  {
    category: "comunidad",
    slug: "charla-general",
    titleEs: "Charla general",
    titleEn: "General chat",
    descriptionEs: "De todo un poco sobre juegos indie.",
    descriptionEn: "A bit of everything about indie games.",
  },
  {
    category: "desarrollo",
    slug: "programacion",
    titleEs: "Programación",
    titleEn: "Programming",
    descriptionEs: "Motores, código y rendimiento.",
    descriptionEn: "Engines, code and performance.",
  },
  {
    category: "desarrollo",
    slug: "arte-y-sonido",
    titleEs: "Arte y sonido",
    titleEn: "Art and sound",
    descriptionEs: "Pixel art, 3D, música y efectos.",
    descriptionEn: "Pixel art, 3D, music and effects.",
  },
  {
    category: "creadores",
    slug: "contenido",
    titleEs: "Creación de contenido",
    titleEn: "Content creation",
    descriptionEs: "Vídeos, directos y podcasts.",
    descriptionEn: "Videos, streams and podcasts.",
  },
  {
    category: "creadores",
    slug: "promocion",
    titleEs: "Promoción y campañas",
    titleEn: "Promotion and campaigns",
    descriptionEs: "Cómo dar a conocer tu juego.",
    descriptionEn: "How to get your game seen.",
  },
];
const tags = [
  ["ayuda", "Ayuda", "Help"],
  ["godot", "Godot", "Godot"],
  ["unity", "Unity", "Unity"],
  ["pixel-art", "Pixel art", "Pixel art"],
  ["musica", "Música", "Music"],
  ["marketing", "Marketing", "Marketing"],
  ["steam", "Steam", "Steam"],
  ["feedback", "Opiniones", "Feedback"],
] as const;

const threads: DemoThread[] = [
  {
    forum: "presentaciones",
    by: "moderadora",
    title: "Normas de la comunidad / Community rules",
    pinned: true,
    body: "Bienvenidas y bienvenidos. Respeto ante todo, nada de spam y usad las etiquetas.\n\nWelcome! Be kind, no spam, and please tag your threads.",
    likes: ["lucia_juega", "pixel_pete", "maya_plays"],
  },
  {
    forum: "presentaciones",
    by: "lucia_juega",
    title: "¡Hola! Soy Lucía, streamer de metroidvanias",
    body: "Hago directos martes y jueves. ¿Qué metroidvania indie me recomendáis?",
    replies: [
      ["rober_retro", "¡Bienvenida! Prueba *Ender Lilies*, es precioso.", ["lucia_juega"]],
      ["maya_plays", "Welcome! Not a metroidvania fan myself but I'll drop by your streams."],
      ["lucia_juega", "¡Gracias a los dos! Apuntado."],
    ],
  },
  {
    forum: "presentaciones",
    by: "pixel_pete",
    title: "Hi all, Pete here",
    body: "I make short videos about tiny games with big ideas. Looking forward to finding hidden gems here.",
    replies: [
      ["admin", "Welcome Pete! Check the promotion forum for key campaigns."],
      ["estudio_brisa", "Hi Pete, we'd love to send you a key of our next game."],
    ],
  },
  {
    forum: "presentaciones",
    by: "estudio_brisa",
    title: "Somos Estudio Brisa, de Valencia",
    body: "Hacemos aventuras cortas con mucho corazón. Pronto enseñaremos nuestro nuevo proyecto.",
    likes: ["lucia_juega", "rober_retro"],
    replies: [["lucia_juega", "¡Qué ganas de verlo!"]],
  },
  {
    forum: "presentaciones",
    by: "maya_plays",
    title: "Cozy gamer checking in",
    body: "Farming sims, puzzle games and anything with a cat. Say hi!",
    replies: [["pixel_pete", "A fellow cat-game enjoyer. Hi Maya!"]],
  },
  {
    forum: "charla-general",
    by: "rober_retro",
    title: "¿Cuál es el mejor indie de 2025?",
    tags: ["feedback"],
    body: "Yo voto por uno de plataformas en pixel art que me tuvo enganchado un mes. ¿Y vosotros?",
    likes: ["lucia_juega", "pixel_pete", "maya_plays", "admin"],
    replies: [
      ["lucia_juega", "Para mí uno de terror psicológico muy corto que me dejó pensando días.", ["rober_retro"]],
      ["pixel_pete", "Hard to pick just one, but a deckbuilder stole 80 hours of my life."],
      ["maya_plays", "Any cozy game with good music wins for me."],
      ["rober_retro", "Buenas elecciones todas."],
    ],
  },
  {
    forum: "charla-general",
    by: "maya_plays",
    title: "Games that made you cry (in a good way)",
    body: "Share the ones that got you. No spoilers please!",
    likes: ["lucia_juega"],
    replies: [
      ["lucia_juega", "Uno sobre un faro y una familia. No digo más."],
      ["pixel_pete", "A tiny game about a postman. Still thinking about it."],
    ],
  },
  {
    forum: "charla-general",
    by: "lucia_juega",
    title: "¿Demos o acceso anticipado?",
    body: "¿Preferís probar una demo o comprar en acceso anticipado?",
    replies: [
      ["rober_retro", "Demo siempre, y si me gusta, apoyo el acceso anticipado."],
      ["northwind_pixel", "As a dev: demos during festivals bring us most wishlists."],
    ],
  },
  {
    forum: "charla-general",
    by: "pixel_pete",
    title: "Your comfort game for rainy days",
    body: "Mine is a small fishing game with lo-fi music.",
    replies: [["maya_plays", "Any farming sim, obviously."]],
  },
  {
    forum: "charla-general",
    by: "rober_retro",
    title: "Demakes que deberían existir",
    body: "Imaginad un juego actual en versión Game Boy. ¿Cuál elegiríais?",
    likes: ["pixel_pete"],
    replies: [["pixel_pete", "A Game Boy version of a roguelike deckbuilder would be amazing."]],
  },
  {
    forum: "programacion",
    by: "northwind_pixel",
    title: "Godot 4: pathfinding for hundreds of units",
    tags: ["godot", "ayuda"],
    body: "Our roguelite slows down with 300 enemies using NavigationAgent2D. Any tips?",
    replies: [
      ["rober_retro", "Usa un flow field compartido en vez de un agente por enemigo."],
      ["northwind_pixel", "A flow field worked, 60 fps again. Thanks!"],
    ],
  },
  {
    forum: "programacion",
    by: "estudio_brisa",
    title: "Guardado de partida: ¿JSON o binario?",
    tags: ["ayuda"],
    body: "¿Qué usáis para las partidas guardadas en juegos pequeños?",
    replies: [
      ["pixel_pete", "JSON with a version field. Easy to debug and migrate."],
      ["estudio_brisa", "Lo del campo de versión nos salvó ya una vez, gracias."],
    ],
  },
  {
    forum: "programacion",
    by: "maya_plays",
    title: "Unity or Godot for a first cozy game?",
    tags: ["unity", "godot"],
    body: "I want to try making a tiny farming game. Which engine would you start with?",
    likes: ["lucia_juega"],
    replies: [
      ["northwind_pixel", "Godot: small, fast to open, great 2D."],
      ["estudio_brisa", "Nosotros usamos Unity, pero para 2D pequeño Godot va genial."],
      ["maya_plays", "Godot it is!"],
    ],
  },
  {
    forum: "programacion",
    by: "rober_retro",
    title: "Cámara con píxeles perfectos sin temblores",
    tags: ["pixel-art", "ayuda"],
    body: "Al mover la cámara los sprites tiemblan. ¿Cómo lo solucionáis?",
    replies: [["northwind_pixel", "Snap the camera to whole pixels after smoothing, not before."]],
  },
  {
    forum: "programacion",
    by: "pixel_pete",
    title: "Input buffering explained simply",
    body: "A short write-up: remember a jump press for ~100 ms so late presses still count.",
    likes: ["rober_retro", "northwind_pixel"],
    replies: [["rober_retro", "Y el coyote time, su gran amigo."]],
  },
  {
    forum: "programacion",
    by: "northwind_pixel",
    title: "Localising a small game into Spanish",
    tags: ["ayuda"],
    body: "Any advice on keeping strings manageable?",
    replies: [
      ["estudio_brisa", "Claves por pantalla y nunca concatenar frases."],
      ["lucia_juega", "Y probad con textos largos: el español ocupa más."],
    ],
  },
  {
    forum: "arte-y-sonido",
    by: "estudio_brisa",
    title: "Paleta de colores para un juego otoñal",
    tags: ["pixel-art", "feedback"],
    body: "Estamos probando una paleta de 16 colores. ¿Opiniones?",
    likes: ["maya_plays", "lucia_juega"],
    replies: [
      ["maya_plays", "Love the warm oranges!"],
      ["rober_retro", "Quizá un verde menos saturado para el fondo."],
    ],
  },
  {
    forum: "arte-y-sonido",
    by: "maya_plays",
    title: "Free sound effects that don't sound free",
    tags: ["musica"],
    body: "Looking for recommendations for good SFX libraries.",
    replies: [["northwind_pixel", "Record foley yourself: a phone and a quiet room go a long way."]],
    accepted: 1,
  },
  {
    forum: "arte-y-sonido",
    by: "rober_retro",
    title: "Música chiptune: ¿por dónde empiezo?",
    tags: ["musica"],
    body: "Quiero componer la música de mi demake. ¿Qué tracker recomendáis?",
    replies: [["pixel_pete", "Try a free tracker and copy songs you love to learn."]],
  },
  {
    forum: "arte-y-sonido",
    by: "northwind_pixel",
    title: "Lighthouse sprite: before and after",
    tags: ["pixel-art"],
    body: "We redrew our lighthouse with fewer colours and it reads much better.",
    likes: ["estudio_brisa", "maya_plays", "rober_retro"],
    replies: [["estudio_brisa", "¡Mucho mejor! Se lee genial a tamaño pequeño."]],
  },
  {
    forum: "arte-y-sonido",
    by: "lucia_juega",
    title: "Animaciones de inactividad que os encantan",
    body: "Esos pequeños detalles cuando dejas el mando quieto.",
    replies: [["maya_plays", "The cat falling asleep on the character's head."]],
  },
  {
    forum: "contenido",
    by: "lucia_juega",
    title: "¿Cuánto debe durar un directo de un indie corto?",
    tags: ["feedback"],
    body: "Si el juego dura 2 horas, ¿lo juego entero en directo?",
    replies: [
      ["pixel_pete", "I'd split it in two: people like coming back."],
      ["estudio_brisa", "Como estudio, nos encanta que se juegue entero."],
    ],
  },
  {
    forum: "contenido",
    by: "pixel_pete",
    title: "Thumbnails that work for small games",
    body: "What I learned from 100 videos: faces help, text hurts.",
    likes: ["lucia_juega", "rober_retro"],
    replies: [["rober_retro", "Confirmo lo del texto. Menos es más."]],
  },
  {
    forum: "contenido",
    by: "rober_retro",
    title: "Cómo pido claves a los estudios sin parecer pesado",
    body: "¿Qué incluís en el correo?",
    replies: [
      ["estudio_brisa", "Canal, audiencia y un vídeo parecido. Breve y claro."],
      ["northwind_pixel", "And tell us when the video will go out."],
    ],
  },
  {
    forum: "contenido",
    by: "maya_plays",
    title: "Podcast guests: how do you find them?",
    body: "I'd like to interview small devs. Where do I start?",
    replies: [["estudio_brisa", "¡Escríbenos! Nos encantaría."]],
  },
  {
    forum: "contenido",
    by: "lucia_juega",
    title: "Clips cortos: ¿merecen la pena?",
    body: "Estoy pensando en subir clips verticales de mis directos.",
    replies: [["pixel_pete", "They brought me most of my new subscribers last year."]],
  },
  {
    forum: "promocion",
    by: "estudio_brisa",
    title: "Nuestra primera campaña de claves: lo que aprendimos",
    tags: ["marketing", "steam"],
    body: "Enviamos 50 claves y recibimos 18 vídeos. Os contamos el proceso.",
    pinned: true,
    likes: ["lucia_juega", "pixel_pete", "rober_retro", "maya_plays"],
    replies: [
      ["lucia_juega", "Gracias por compartirlo, muy útil."],
      ["northwind_pixel", "Did you filter creators by average views?"],
      ["estudio_brisa", "Sí, un mínimo de visualizaciones medias, y aprobación manual."],
    ],
  },
  {
    forum: "promocion",
    by: "northwind_pixel",
    title: "Steam Next Fest: worth it for a tiny team?",
    tags: ["steam", "marketing"],
    body: "We're two people. Is the demo effort worth the wishlists?",
    replies: [
      ["estudio_brisa", "Para nosotros, sí: duplicamos listas de deseados."],
      ["pixel_pete", "I cover Next Fest demos every year, send it my way."],
    ],
  },
  {
    forum: "promocion",
    by: "estudio_brisa",
    title: "¿Tráiler primero o gameplay primero?",
    tags: ["marketing"],
    body: "Estamos montando el tráiler. ¿Empezamos con gameplay en los primeros segundos?",
    replies: [["rober_retro", "Gameplay en los primeros 5 segundos, siempre."]],
  },
  {
    forum: "promocion",
    by: "pixel_pete",
    title: "What creators want from a press kit",
    tags: ["marketing"],
    body: "A short list: clean logo, 5 screenshots, a 30 s clip, one paragraph.",
    likes: ["estudio_brisa", "northwind_pixel"],
    replies: [["northwind_pixel", "Bookmarked. Thank you!"]],
  },
  {
    forum: "promocion",
    by: "northwind_pixel",
    title: "Wishlist milestones: when to announce a date?",
    tags: ["steam"],
    body: "We have 3,000 wishlists. Too early to set a date?",
    replies: [["estudio_brisa", "Nosotros anunciamos fecha con 7.000, pero depende del género."]],
  },
  {
    forum: "charla-general",
    by: "admin",
    title: "El foro está abierto / The forum is open",
    body: "Estrenamos foro. Contadnos qué os gustaría ver.\n\nWe've just opened the forum. Tell us what you'd like to see.",
    likes: ["moderadora", "lucia_juega", "pixel_pete"],
    replies: [
      ["lucia_juega", "¡Por fin! Un sitio para hablar de indies con calma."],
      ["maya_plays", "Yay! A cozy corner for cozy games."],
    ],
  },
];

/** Open reports on demo replies (post number 2 is the first reply), in both languages. */
const demoReports = [
  {
    thread: "Games that made you cry (in a good way)",
    number: 2,
    by: "maya_plays",
    reason: "The thread asks for no spoilers and this hints at the ending.",
    hoursAgo: 5,
  },
  {
    thread: "¿Demos o acceso anticipado?",
    number: 3,
    by: "rober_retro",
    reason: "Autopromoción de su estudio disfrazada de opinión.",
    hoursAgo: 3,
  },
  {
    thread: "Steam Next Fest: worth it for a tiny team?",
    number: 3,
    by: "estudio_brisa",
    reason: "Pide claves por privado en vez de usar las campañas.",
    hoursAgo: 1,
  },
] as const;

/** Each demo forum's colour (the topic list shows its forum's colour, as Discourse's categories). */
const forumColors: Record<(typeof forumsSpec)[number]["slug"], string> = {
  presentaciones: "#0ea5e9",
  "charla-general": "#8b5cf6",
  programacion: "#22c55e",
  "arte-y-sonido": "#f97316",
  contenido: "#e11d48",
  promocion: "#eab308",
};

/**
 * The demo forum: 3 categories, 6 forums, tags and over 30 threads in Spanish and English,
 * written by the demo accounts, with replies and likes spread over the last weeks. Only on an empty forum and
 * when the demo accounts exist.
 */
export async function seedDemoForum(db: Database, render?: (md: string) => { html: string }, now = new Date()): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(forumCategories);
  if (count > 0) return false;
  const names = [
    ...new Set([
      ...threads.flatMap((t) => [t.by, ...(t.likes ?? []), ...(t.replies ?? []).flatMap(([by, , likes]) => [by, ...(likes ?? [])])]),
      ...demoReports.map((r) => r.by),
    ]),
  ];
  const people = await db.select({ id: profiles.id, username: profiles.username }).from(profiles).where(inArray(profiles.username, names));
  const idOf = new Map(people.map((p) => [p.username, p.id]));
  if (names.some((n) => !idOf.has(n))) return false;

  const categoryIds = new Map<string, string>();
  for (const [i, c] of categories.entries()) categoryIds.set(c.slug, (await createCategory(db, { ...c, position: i })).id);
  const forumIds = new Map<string, string>();
  for (const [i, f] of forumsSpec.entries()) {
    const id = (await createForum(db, { ...f, categoryId: categoryIds.get(f.category)!, position: i })).id;
    await db.update(forumsTable).set({ color: forumColors[f.slug] }).where(eq(forumsTable.id, id));
    forumIds.set(f.slug, id);
  }
  for (const [slug, nameEs, nameEn] of tags) await createTag(db, { slug, nameEs, nameEn });

  const start = now.getTime() - threads.length * 12 * HOUR;
  const postsOf = new Map<string, { id: string; number: number }[]>();
  for (const [i, t] of threads.entries()) {
    const at = new Date(start + i * 12 * HOUR);
    const made = await createThreadWithPosts(db, {
      forumId: forumIds.get(t.forum)!,
      authorId: idOf.get(t.by)!,
      title: t.title,
      body: t.body,
      at,
      tags: t.tags,
      pinned: t.pinned,
      likedBy: (t.likes ?? []).map((n) => idOf.get(n)!),
      replies: (t.replies ?? []).map(([by, body, likes], j) => ({
        authorId: idOf.get(by)!,
        body,
        at: new Date(at.getTime() + (j + 1) * 47 * 60_000),
        likedBy: (likes ?? []).map((n) => idOf.get(n)!),
      })),
      render,
    });
    // Readers so the demo list looks lived in: more for threads with more replies, varied from one to the next.
    const viewCount = 12 + (t.replies?.length ?? 0) * 31 + ((i * 37) % 53);
    await db
      .update(threadsTable)
      .set({ viewCount, ...(t.accepted ? { resolved: true, acceptedPostId: made.posts[t.accepted].id } : {}) })
      .where(eq(threadsTable.id, made.id));
    postsOf.set(t.title, made.posts);
  }
  // A few open reports, so the forum admin's moderation queue has something to show.
  for (const r of demoReports) {
    const post = postsOf.get(r.thread)?.find((p) => p.number === r.number);
    if (post)
      await db.insert(reports).values({
        id: randomUUID(),
        postId: post.id,
        reporterId: idOf.get(r.by)!,
        reason: r.reason,
        createdAt: new Date(now.getTime() - r.hoursAgo * HOUR),
      });
  }
  return true;
}

export const DEMO_THREAD_COUNT = threads.length;
