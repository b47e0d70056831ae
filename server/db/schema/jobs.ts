import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { ApplicationDecision, ApplicationStatus, JobStatus } from "#shared/jobs";
import { users } from "./accounts";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * SPEC §3 Job offer: its title and description (Markdown) in Spanish and English, open or closed. `closed_at` is
 * when it last closed: applications to it are deleted a set number of months later (`applications_retention_months`).
 */
export const jobOffers = pgTable(
  "job_offers",
  {
    id: text("id").primaryKey(),
    titleEs: text("title_es").notNull(),
    titleEn: text("title_en").notNull(),
    descriptionEs: text("description_es").notNull(),
    descriptionEn: text("description_en").notNull(),
    status: text("status").$type<JobStatus>().notNull().default("open"),
    closedAt: ts("closed_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("job_offers_status", sql`${t.status} in ('open', 'closed')`),
    check("job_offers_closed_at", sql`(${t.status} = 'closed') = (${t.closedAt} is not null)`),
    index("job_offers_status_idx").on(t.status, t.createdAt),
  ],
);

/** One decision on an application, as its history keeps it: who, when, and whether the applicant was emailed. */
export type ApplicationDecisionEntry = {
  status: ApplicationDecision;
  at: string;
  byId: string | null;
  byName: string | null;
  emailed: boolean;
  /** The message sent (when emailed). */
  message?: string;
  /** Its row in the mail outbox (when emailed). */
  mailId?: number;
};

/**
 * SPEC §3 Application. The resume is a PDF kept under a private storage key (`private/resumes/…`), never served
 * by /media: only the team's download route reads it. `locale` is the applicant's language (their mails).
 */
export const jobApplications = pgTable(
  "job_applications",
  {
    id: text("id").primaryKey(),
    offerId: text("offer_id")
      .notNull()
      .references(() => jobOffers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    experience: text("experience").notNull(),
    portfolioUrl: text("portfolio_url"),
    resumeKey: text("resume_key").notNull(),
    resumeBytes: integer("resume_bytes").notNull(),
    locale: text("locale").notNull(),
    status: text("status").$type<ApplicationStatus>().notNull().default("pending"),
    decidedAt: ts("decided_at"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decisions: jsonb("decisions").$type<ApplicationDecisionEntry[]>().notNull().default([]),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("job_applications_status", sql`${t.status} in ('pending', 'accepted', 'rejected')`),
    check("job_applications_private_resume", sql`${t.resumeKey} like 'private/%'`),
    index("job_applications_offer_idx").on(t.offerId, t.createdAt),
    index("job_applications_status_idx").on(t.status, t.createdAt),
  ],
);
