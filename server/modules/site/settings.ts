import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client";
import { siteSettings } from "../../db/schema";

/** Every runtime setting, its schema and its default. Unknown keys cannot be written. */
export const settingDefinitions = {
  analytics_enabled: { schema: z.boolean(), default: false },
  forum_enabled: { schema: z.boolean(), default: false },
  i18n_missing_enabled: { schema: z.boolean(), default: false },
  announcement: {
    schema: z.object({ url: z.url({ protocol: /^https?$/ }), imageUrl: z.string().min(1) }),
    default: { url: "https://www.youtube.com/@nexoindie", imageUrl: "/images/announcement.svg" },
  },
  /** Forum posting limits (issue 4 point 8); intervals in seconds, the first day counted from registration. */
  forum_posting_limits: {
    schema: z.object({
      postIntervalSeconds: z.number().int().min(0),
      threadIntervalSeconds: z.number().int().min(0),
      newUserHours: z.number().int().min(0),
      newUserPostIntervalSeconds: z.number().int().min(0),
      newUserThreadIntervalSeconds: z.number().int().min(0),
      newUserMaxThreads: z.number().int().min(0),
      newUserMaxReplies: z.number().int().min(0),
      duplicateWindowSeconds: z.number().int().min(0),
    }),
    default: {
      postIntervalSeconds: 5,
      threadIntervalSeconds: 15,
      newUserHours: 24,
      newUserPostIntervalSeconds: 30,
      newUserThreadIntervalSeconds: 120,
      newUserMaxThreads: 3,
      newUserMaxReplies: 10,
      duplicateWindowSeconds: 300,
    },
  },
  maintenance: {
    schema: z.object({ enabled: z.boolean(), passwordHash: z.string().nullable(), changedAt: z.string() }),
    default: { enabled: false, passwordHash: null, changedAt: "1970-01-01T00:00:00.000Z" },
  },
} as const;

export type SettingKey = keyof typeof settingDefinitions;
export type SettingValue<K extends SettingKey> = z.infer<(typeof settingDefinitions)[K]["schema"]>;
export type AllSettings = { [K in SettingKey]: SettingValue<K> };

/**
 * Reads all settings in one query and keeps them for a few seconds: every page needs the flags, and a
 * change made on another instance shows up within the TTL.
 */
export class SettingsStore {
  private cached: { at: number; value: AllSettings } | null = null;
  constructor(
    private readonly db: Database,
    private readonly ttlMs = 3000,
    private readonly now = () => Date.now(),
  ) {}

  async all(): Promise<AllSettings> {
    if (this.cached && this.now() - this.cached.at < this.ttlMs) return this.cached.value;
    const rows = await this.db.select().from(siteSettings);
    const value = Object.fromEntries(
      Object.entries(settingDefinitions).map(([key, def]) => {
        const row = rows.find((r) => r.key === key);
        const parsed = row ? def.schema.safeParse(row.value) : null;
        return [key, parsed?.success ? parsed.data : def.default];
      }),
    ) as AllSettings;
    this.cached = { at: this.now(), value };
    return value;
  }

  async get<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
    return (await this.all())[key];
  }

  /** Raw write without a permission check: callers are operations that checked it. */
  async write<K extends SettingKey>(key: K, value: SettingValue<K>, updatedBy: string): Promise<void> {
    const valid = settingDefinitions[key].schema.parse(value);
    await this.db
      .insert(siteSettings)
      .values({ key, value: valid, updatedBy })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: valid, updatedBy, updatedAt: sql`now()` } });
    this.cached = null;
  }

  /** The flags the browser may know (never the maintenance password hash). */
  async runtimeFlags(): Promise<RuntimeFlags> {
    return getRuntimeFlags(this);
  }

  invalidate() {
    this.cached = null;
  }
}

/** The flags the browser may know (never the maintenance password hash). */
export type RuntimeFlags = { analytics_enabled: boolean; forum_enabled: boolean; i18n_missing_enabled: boolean };

export async function getRuntimeFlags(settings: SettingsStore): Promise<RuntimeFlags> {
  const all = await settings.all();
  return {
    analytics_enabled: all.analytics_enabled,
    forum_enabled: all.forum_enabled,
    i18n_missing_enabled: all.i18n_missing_enabled,
  };
}
