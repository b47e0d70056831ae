import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { ApplicationDecisionEntry } from "#server/db/schema";
import type { Logger } from "#server/platform/logger";
import type { Storage } from "#server/platform/storage";
import { makePdf } from "#server/modules/jobs/pdf";
import type { ApplicationStatus } from "#shared/jobs";
import type { Database } from "./client";
import { jobApplications, jobOffers } from "./schema";

const DAY = 86_400_000;

/** The demo's offers and one application, by stable ids (the page catalogue of the browser tests names them). */
export const DEMO_JOB_IDS = {
  communityManager: "6a0b7c4e-3f1d-4e8a-9b2c-1d5e7f9a0b11",
  webDeveloper: "6a0b7c4e-3f1d-4e8a-9b2c-1d5e7f9a0b12",
  videoEditor: "6a0b7c4e-3f1d-4e8a-9b2c-1d5e7f9a0b13",
  application: "6a0b7c4e-3f1d-4e8a-9b2c-1d5e7f9a0c21",
} as const;

type DemoOffer = {
  id: string;
  titleEs: string;
  titleEn: string;
  descriptionEs: string;
  descriptionEn: string;
  closedDaysAgo: number | null;
  createdDaysAgo: number;
  applications: {
    name: string;
    email: string;
    locale: "es" | "en";
    status: ApplicationStatus;
    daysAgo: number;
    portfolioUrl: string | null;
  }[];
};

const OFFERS: DemoOffer[] = [
  {
    id: DEMO_JOB_IDS.communityManager,
    titleEs: "Community manager (media jornada)",
    titleEn: "Community manager (part-time)",
    descriptionEs:
      "Buscamos a alguien que cuide de la comunidad: el foro, las campañas de claves y las redes.\n\n**Qué harás**\n\n- Moderar el foro con el equipo\n- Preparar el boletín mensual\n- Hablar con estudios y creadores\n\n**Qué buscamos**: experiencia con comunidades de videojuegos y buena mano escribiendo en español e inglés.",
    descriptionEn:
      "We are looking for someone to look after the community: the forum, key campaigns and social media.\n\n**What you will do**\n\n- Moderate the forum with the team\n- Put together the monthly newsletter\n- Talk with studios and creators\n\n**What we look for**: experience with gaming communities and a good hand writing in Spanish and English.",
    closedDaysAgo: null,
    createdDaysAgo: 6,
    applications: [
      {
        name: "Lucía Romero",
        email: "lucia.romero@example.com",
        locale: "es",
        status: "pending",
        daysAgo: 2,
        portfolioUrl: "https://example.com/lucia",
      },
      { name: "Sam Parker", email: "sam.parker@example.com", locale: "en", status: "pending", daysAgo: 1, portfolioUrl: null },
    ],
  },
  {
    id: DEMO_JOB_IDS.webDeveloper,
    titleEs: "Desarrollador/a web (TypeScript)",
    titleEn: "Web developer (TypeScript)",
    descriptionEs:
      "Únete al equipo que hace esta web: TypeScript, React y PostgreSQL.\n\n- Trabajo en remoto desde España\n- Código abierto siempre que se pueda\n- Pruebas antes que prisas",
    descriptionEn:
      "Join the team that builds this site: TypeScript, React and PostgreSQL.\n\n- Remote work from Spain\n- Open source wherever we can\n- Tests before haste",
    closedDaysAgo: null,
    createdDaysAgo: 12,
    applications: [
      {
        name: "Marta Gil",
        email: "marta.gil@example.com",
        locale: "es",
        status: "accepted",
        daysAgo: 8,
        portfolioUrl: "https://example.com/marta",
      },
    ],
  },
  {
    id: DEMO_JOB_IDS.videoEditor,
    titleEs: "Editor/a de vídeo para el pódcast",
    titleEn: "Video editor for the podcast",
    descriptionEs: "Edición de los episodios del pódcast en vídeo, con cortes para redes. **Oferta cerrada.**",
    descriptionEn: "Editing the podcast's video episodes, with clips for social media. **This offer is closed.**",
    closedDaysAgo: 20,
    createdDaysAgo: 60,
    applications: [
      {
        name: "Alex Turner",
        email: "alex.turner@example.com",
        locale: "en",
        status: "rejected",
        daysAgo: 40,
        portfolioUrl: "https://example.com/alex",
      },
      { name: "Nerea Campos", email: "nerea.campos@example.com", locale: "es", status: "accepted", daysAgo: 35, portfolioUrl: null },
    ],
  },
];

/**
 * Job offers: two open (with applications pending and accepted) and one closed (its applications decided), each in
 * both languages, every application with a small PDF resume generated here and stored under a private key. Only
 * while there is no offer yet. True when anything was created.
 */
export async function seedDemoJobs(db: Database, log: Logger, opts: { storage: Storage }): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(jobOffers);
  if (count > 0) return false;
  const storage = opts.storage;
  const now = Date.now();
  let applications = 0;
  for (const o of OFFERS) {
    const id = o.id;
    const createdAt = new Date(now - o.createdDaysAgo * DAY);
    const closedAt = o.closedDaysAgo === null ? null : new Date(now - o.closedDaysAgo * DAY);
    await db.insert(jobOffers).values({
      id,
      titleEs: o.titleEs,
      titleEn: o.titleEn,
      descriptionEs: o.descriptionEs,
      descriptionEn: o.descriptionEn,
      status: closedAt ? "closed" : "open",
      closedAt,
      createdAt,
      updatedAt: closedAt ?? createdAt,
    });
    for (const a of o.applications) {
      const key = `private/resumes/${randomBytes(16).toString("hex")}.pdf`;
      const pdf = makePdf(`${a.name} - ${a.locale === "en" ? "Resume" : "Curriculum"} (demo)`);
      await storage.put(key, pdf);
      const at = new Date(now - a.daysAgo * DAY);
      const decidedAt = a.status === "pending" ? null : new Date(at.getTime() + DAY);
      const decisions: ApplicationDecisionEntry[] =
        a.status === "pending" ? [] : [{ status: a.status, at: decidedAt!.toISOString(), byId: null, byName: "admin", emailed: false }];
      await db.insert(jobApplications).values({
        id: applications === 0 ? DEMO_JOB_IDS.application : randomUUID(),
        offerId: id,
        name: a.name,
        email: a.email,
        message:
          a.locale === "en"
            ? "I have followed the community for years and would love to help it grow."
            : "Sigo la comunidad desde hace años y me encantaría ayudar a que crezca.",
        experience:
          a.locale === "en"
            ? "Three years in a small indie studio, and before that, freelance work."
            : "Tres años en un estudio indie pequeño y, antes, trabajos por mi cuenta.",
        portfolioUrl: a.portfolioUrl,
        resumeKey: key,
        resumeBytes: pdf.byteLength,
        locale: a.locale,
        status: a.status,
        decidedAt,
        decisions,
        createdAt: at,
      });
      applications++;
    }
  }
  log.info("demo jobs seeded", { offers: OFFERS.length, applications });
  return true;
}
