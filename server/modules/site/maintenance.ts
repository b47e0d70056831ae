import { hash, verify } from "@node-rs/argon2";
import { z } from "zod";
import type { Logger } from "#server/platform/logger";
import type { RateLimiter } from "#server/platform/rate-limit";
import { sign, verifySignature } from "#server/platform/signing";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { assertCan } from "./policy";
import type { SettingsStore } from "./settings";

export const UNLOCK_COOKIE = "maint_unlock";
const PURPOSE = "maintenance-unlock";
/** SPEC §9: the wrong-password answer comes after about 500 ms; it also slows guessing. */
export const WRONG_PASSWORD_DELAY_MS = 500;
export const UNLOCK_RATE_RULES = [
  { limit: 5, windowSeconds: 60 },
  { limit: 20, windowSeconds: 3600 },
];

export type MaintenanceState = { enabled: boolean; changedAt: string };

/**
 * SPEC §4: if the configuration cannot be loaded the site is treated as open, and the failure is logged.
 */
export async function loadMaintenanceState(settings: SettingsStore, log: Logger): Promise<MaintenanceState> {
  try {
    const m = await settings.get("maintenance");
    return { enabled: m.enabled && !!m.passwordHash, changedAt: m.changedAt };
  } catch (err) {
    log.error("maintenance config could not be loaded; site left open", { err });
    return { enabled: false, changedAt: "" };
  }
}

/** The unlock cookie is bound to the current password: changing it locks everyone out again. */
export function unlockToken(secret: string, state: MaintenanceState): string {
  return `v1.${sign(secret, PURPOSE, state.changedAt)}`;
}

export function isUnlockTokenValid(secret: string, state: MaintenanceState, token: string | undefined): boolean {
  if (!token?.startsWith("v1.")) return false;
  return verifySignature(secret, PURPOSE, state.changedAt, token.slice(3));
}

export const configureMaintenanceInput = z.object({
  enabled: z.boolean(),
  password: z.string().min(1).max(200).optional(),
});

export async function configureMaintenance(
  deps: { settings: SettingsStore; now?: () => Date },
  actor: Actor,
  input: unknown,
): Promise<MaintenanceState> {
  assertCan(actor, "maintenance.configure");
  const parsed = configureMaintenanceInput.safeParse(input);
  if (!parsed.success) throw new DomainError("input.invalid", { issues: parsed.error.issues });
  const current = await deps.settings.get("maintenance");
  const { enabled, password } = parsed.data;
  if (enabled && !password && !current.passwordHash) throw new DomainError("site.maintenance_password_required");
  const next = {
    enabled,
    passwordHash: password ? await hash(password) : current.passwordHash,
    changedAt: password ? (deps.now?.() ?? new Date()).toISOString() : current.changedAt,
  };
  await deps.settings.write("maintenance", next, actor!.userId);
  return { enabled: next.enabled, changedAt: next.changedAt };
}

export const unlockInput = z.object({ password: z.string().min(1, "required").max(200) });

/** Checks the password on the server; the password and its hash never reach the browser. */
export async function unlockMaintenance(
  deps: { settings: SettingsStore; rateLimiter: RateLimiter; secret: string; sleep?: (ms: number) => Promise<void> },
  input: unknown,
  clientKey: string,
): Promise<{ token: string }> {
  const parsed = unlockInput.safeParse(input);
  if (!parsed.success) throw new DomainError("site.maintenance_password_required");
  const limited = await deps.rateLimiter.hitAll(`maintenance-unlock:${clientKey}`, UNLOCK_RATE_RULES);
  if (!limited.allowed) throw new DomainError("rate_limited", { retryAfterSeconds: limited.retryAfterSeconds });
  const m = await deps.settings.get("maintenance");
  const ok = !!m.passwordHash && (await verify(m.passwordHash, parsed.data.password).catch(() => false));
  if (!ok) {
    await (deps.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))))(WRONG_PASSWORD_DELAY_MS);
    throw new DomainError("site.maintenance_wrong_password");
  }
  return { token: unlockToken(deps.secret, { enabled: m.enabled, changedAt: m.changedAt }) };
}
