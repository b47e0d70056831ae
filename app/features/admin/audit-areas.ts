import { adminAuditSentences } from "#app/features/admin/audit-sentences";
import type { AuditSentences } from "#app/features/admin/audit-sentence";
import { campaignsAuditSentences } from "#app/features/campaigns/admin/audit-sentences";
import { contactAuditSentences } from "#app/features/contact/admin/audit-sentences";
import { companyAuditSentences } from "#app/features/company/admin/audit-sentences";
import { contentAuditSentences } from "#app/features/content/admin/audit-sentences";
import { featuredAuditSentences } from "#app/features/featured/admin/audit-sentences";
import { forumAuditSentences } from "#app/features/forum/admin/audit-sentences";
import { gamificationAuditSentences } from "#app/features/gamification/admin/audit-sentences";
import { jobsAuditSentences } from "#app/features/jobs/admin/audit-sentences";
import { profileAuditSentences } from "#app/features/profile/admin/audit-sentences";
import { siteAuditSentences } from "#app/features/site/admin/audit-sentences";
import { avatarAuditSentences } from "#app/features/avatar/admin/audit-sentences";
import { roomsAuditSentences } from "#app/features/rooms/admin/audit-sentences";

/** Every area's audit sentences: a new area that writes to the audit log adds its table here. */
export const AUDIT_AREAS: AuditSentences[] = [
  adminAuditSentences,
  companyAuditSentences,
  profileAuditSentences,
  forumAuditSentences,
  gamificationAuditSentences,
  campaignsAuditSentences,
  featuredAuditSentences,
  contactAuditSentences,
  siteAuditSentences,
  jobsAuditSentences,
  contentAuditSentences,
  avatarAuditSentences,
  roomsAuditSentences,
];

export const AUDIT_SENTENCES: AuditSentences = Object.assign({}, ...AUDIT_AREAS);
