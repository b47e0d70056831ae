import { z } from "zod";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { parseInput } from "#server/modules/validate";
import { assertCan } from "./policy";
import { settingDefinitions, type SettingKey, type SettingsStore } from "./settings";

/** Flags and plain settings an admin may change; maintenance has its own operation (it hashes a password). */
const writableKeys = [
  "analytics_enabled",
  "forum_enabled",
  "i18n_missing_enabled",
  "announcement",
  "forum_posting_limits",
  "applications_retention_months",
  "episode_rooms",
] as const;
export const updateSettingInput = z.object({ key: z.enum(writableKeys), value: z.unknown() });

/** Forum settings are audited under `forum.` so that the forum's view of the audit log shows them. */
const auditActionOf = (key: SettingKey) => (key.startsWith("forum_") ? "forum.setting.update" : "setting.update");

/**
 * Changes one setting (Admins). The value is checked against the setting's schema (a wrong field answers
 * `input.invalid` with that field's message); a real change is audited with the old and the new value.
 */
export async function updateSetting(deps: { settings: SettingsStore }, actor: Actor, input: unknown) {
  assertCan(actor, "settings.update");
  const { key, value: raw } = parseInput(updateSettingInput, input);
  const value = parseInput(settingDefinitions[key].schema, raw);
  const result = await deps.settings.change(key, value as never, actor!.userId, (tx, before, after) =>
    recordAudit(tx, actor!, {
      action: auditActionOf(key),
      targetType: "setting",
      targetId: key,
      targetName: key,
      details: { before, after },
    }),
  );
  return { key, value: result.after, changed: result.changed };
}
