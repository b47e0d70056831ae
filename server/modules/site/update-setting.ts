import { z } from "zod";
import type { Actor } from "../accounts/actor";
import { DomainError } from "../errors";
import { assertCan } from "./policy";
import { settingDefinitions, type SettingsStore } from "./settings";

/** Flags and plain settings an admin may change; maintenance has its own operation (it hashes a password). */
const writableKeys = ["analytics_enabled", "forum_enabled", "i18n_missing_enabled", "announcement"] as const;
export const updateSettingInput = z.object({ key: z.enum(writableKeys), value: z.unknown() });

export async function updateSetting(deps: { settings: SettingsStore }, actor: Actor, input: unknown) {
  assertCan(actor, "settings.update");
  const parsed = updateSettingInput.safeParse(input);
  if (!parsed.success) throw new DomainError("input.invalid", { issues: parsed.error.issues });
  const { key, value } = parsed.data;
  const valueCheck = settingDefinitions[key].schema.safeParse(value);
  if (!valueCheck.success) throw new DomainError("input.invalid", { issues: valueCheck.error.issues });
  await deps.settings.write(key, valueCheck.data as never, actor!.userId);
  return { key, value: valueCheck.data };
}
