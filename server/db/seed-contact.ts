import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import type { Logger } from "#server/platform/logger";
import type { InquiryType } from "#shared/contact";
import type { Database } from "./client";
import { contactMessageEvents, contactMessages, profiles } from "./schema";

const HOUR = 3_600_000;

type DemoMessage = {
  name: string;
  email: string;
  company: string | null;
  inquiryType: InquiryType;
  locale: "es" | "en";
  message: string;
  hoursAgo: number;
  read?: boolean;
  reply?: string;
};

/** The demo's contact messages: both kinds and both languages, some read, one answered by the team. */
const DEMO_MESSAGES: DemoMessage[] = [
  {
    name: "Marta Ruiz",
    email: "marta.ruiz@example.com",
    company: null,
    inquiryType: "personal",
    locale: "es",
    message: "Hola, no me llega el correo para confirmar mi cuenta. ¿Podéis revisarlo? Gracias.",
    hoursAgo: 3,
  },
  {
    name: "Tom Baker",
    email: "tom.baker@example.com",
    company: null,
    inquiryType: "personal",
    locale: "en",
    message: "I love the forum! Would you consider adding a section about pixel art tools?",
    hoursAgo: 30,
    read: true,
  },
  {
    name: "Lucía Herrera",
    email: "lucia@prensaindie.example",
    company: "Prensa Indie",
    inquiryType: "business",
    locale: "es",
    message:
      "Somos una revista digital de videojuegos independientes y nos gustaría colaborar con la comunidad en una serie de entrevistas.",
    hoursAgo: 5,
  },
  {
    name: "Hannah Lee",
    email: "hannah@brightpixel.example",
    company: "Bright Pixel Games",
    inquiryType: "business",
    locale: "en",
    message: "We are a small studio launching our first game next spring. Could we sponsor the September indie event?",
    hoursAgo: 52,
    read: true,
    reply: "Hi Hannah, thank you for writing. Sponsorship for the September event is open: we will send you the details this week.",
  },
];

/** The demo's replied message: a fixed id, so the page catalogue (tests/e2e/site-pages.ts) can open it with its history. */
export const DEMO_REPLIED_CONTACT_ID = "6a0b7c4e-3f1d-4e8a-9b2c-1d5e7f9a0c31";

/** Seeds the demo's contact messages while there are none (the reply signed by the demo admin when it exists). */
export async function seedDemoContact(db: Database, log: Logger, now = new Date()): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(contactMessages);
  if (n > 0) return false;
  const [admin] = await db
    .select({ id: profiles.id, username: profiles.username })
    .from(profiles)
    .where(eq(profiles.username, "admin"))
    .limit(1);
  for (const m of DEMO_MESSAGES) {
    const id = m.reply ? DEMO_REPLIED_CONTACT_ID : randomUUID();
    const createdAt = new Date(now.getTime() - m.hoursAgo * HOUR);
    const readAt = m.read ? new Date(createdAt.getTime() + 2 * HOUR) : null;
    const repliedAt = m.reply ? new Date(createdAt.getTime() + 3 * HOUR) : null;
    await db.insert(contactMessages).values({
      id,
      name: m.name,
      email: m.email,
      company: m.company,
      inquiryType: m.inquiryType,
      locale: m.locale,
      message: m.message,
      readAt,
      repliedAt,
      createdAt,
    });
    const actorName = admin?.username ?? "admin";
    if (readAt)
      await db
        .insert(contactMessageEvents)
        .values({ messageId: id, kind: "read", actorId: admin?.id ?? null, actorName, createdAt: readAt });
    if (m.reply && repliedAt) {
      await db
        .insert(contactMessageEvents)
        .values({ messageId: id, kind: "reply", actorId: admin?.id ?? null, actorName, body: m.reply, createdAt: repliedAt });
    }
  }
  log.info("demo contact messages seeded", { messages: DEMO_MESSAGES.length });
  return true;
}
