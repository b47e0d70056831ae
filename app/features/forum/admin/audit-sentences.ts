import { num, plain, settingSwitch, str, type AuditSentences, type SentenceOf } from "#app/features/admin/audit-sentence";

/** A post hidden or published again may take its thread's accepted answer with it, or give it back. */
const answerNotes: SentenceOf = (r, { t }) => ({
  notes: [
    ...(r.details.acceptedAnswer === "withdrawn" ? [t("audit.notes.answerWithdrawn")] : []),
    ...(r.details.acceptedAnswer === "restored" ? [t("audit.notes.answerRestored")] : []),
  ],
});

/** A category or forum moved from one position to another. */
const positions: SentenceOf = (r) => ({ values: { from: num(r.details.from) ?? "", to: num(r.details.to) ?? "" } });

/** Moderation and the forum's structure, as the audit log says them. */
export const forumAuditSentences: AuditSentences = {
  "forum.thread.pin": plain,
  "forum.thread.unpin": plain,
  "forum.thread.lock": plain,
  "forum.thread.unlock": plain,
  "forum.thread.hide": plain,
  "forum.thread.publish": plain,
  "forum.thread.move": (r) => ({ values: { from: String(r.details.from ?? ""), to: String(r.details.to ?? "") } }),
  "forum.post.hide": answerNotes,
  "forum.post.publish": answerNotes,
  "forum.report.resolve": (r, { t }) => {
    const d = r.details;
    const notes: string[] = [];
    if (d.hidden === "post") notes.push(t("audit.notes.postHidden"));
    if (d.hidden === "thread") notes.push(t("audit.notes.threadHidden"));
    if (Array.isArray(d.alsoResolved) && d.alsoResolved.length > 0)
      notes.push(t("audit.notes.alsoResolved", { count: d.alsoResolved.length }));
    return { notes };
  },
  "forum.report.ignore": plain,
  "forum.user.ban": (r, { t, valueText }) => {
    const d = r.details;
    const notes = Array.isArray(d.replaced) && d.replaced.length > 0 ? [t("audit.notes.banReplaced")] : [];
    return str(d.until) ? { key: "audit.sentences.forum.user.banUntil", values: { until: valueText("until", d.until) }, notes } : { notes };
  },
  "forum.user.unban": plain,
  "forum.answer.accept": plain,
  "forum.answer.unaccept": plain,
  "forum.category.create": plain,
  "forum.category.update": plain,
  "forum.category.move": positions,
  "forum.category.delete": plain,
  "forum.forum.create": plain,
  "forum.forum.update": plain,
  "forum.forum.move": positions,
  "forum.forum.delete": plain,
  "forum.tag.create": plain,
  "forum.tag.update": plain,
  "forum.tag.delete": (r, { t }) => {
    const threads = num(r.details.threads);
    return { notes: threads ? [t("audit.notes.tagThreads", { count: threads })] : [] };
  },
  "forum.setting.update": settingSwitch,
};
