import { isObject, num, plain, type AuditSentences } from "#app/features/admin/audit-sentence";

/** XP rules, levels, achievements and XP given by hand, as the audit log says them. */
export const gamificationAuditSentences: AuditSentences = {
  "gamification.settings.update": plain,
  "gamification.level.save": (r) => ({
    values: { level: r.targetId },
    ...(isObject(r.details.before) ? {} : { key: "audit.sentences.gamification.level.add" }),
  }),
  "gamification.level.delete": (r, { valueText }) => ({ values: { level: r.targetId, xp: valueText("xpRequired", r.details.xpRequired) } }),
  "gamification.achievement.create": (r, { t, valueText }) => ({
    notes: [
      t("audit.notes.achievement", {
        type: valueText("type", r.details.type),
        threshold: valueText("threshold", r.details.threshold),
        rarity: valueText("rarity", r.details.rarity),
        xp: valueText("rewardXp", r.details.rewardXp),
      }),
    ],
  }),
  "gamification.achievement.update": plain,
  "gamification.achievement.delete": (r, { t }) => {
    const unlocks = num(r.details.unlocks);
    return { notes: unlocks ? [t("audit.notes.achievementUnlocks", { count: unlocks })] : [] };
  },
  "gamification.xp.adjust": (r, { valueText }) => {
    const amount = num(r.details.amount) ?? 0;
    return {
      ...(amount < 0 ? { key: "audit.sentences.gamification.xp.take" } : {}),
      values: {
        amount: valueText("amount", Math.abs(amount)),
        before: valueText("xpBefore", r.details.xpBefore),
        after: valueText("xpAfter", r.details.xpAfter),
      },
    };
  },
};
