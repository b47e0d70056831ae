/** The admin's API client and setting toggles that wait until visitors see the change. */
import { expect, type APIRequestContext } from "@playwright/test";
import { BASE_URL } from "./site";

export class AdminApi {
  constructor(readonly request: APIRequestContext) {}

  async setSetting(key: "analytics_enabled" | "forum_enabled" | "i18n_missing_enabled" | "announcement", value: unknown) {
    const res = await this.request.put(`/api/v1/site/settings/${key}`, { data: { value }, headers: { origin: BASE_URL } });
    expect(res.status(), `PUT setting ${key}: ${await res.text()}`).toBe(200);
  }

  async setMaintenance(enabled: boolean, password?: string) {
    const res = await this.request.put("/api/v1/site/maintenance", {
      data: password ? { enabled, password } : { enabled },
      headers: { origin: BASE_URL },
    });
    expect(res.status(), `PUT maintenance: ${await res.text()}`).toBe(200);
  }
}

type Flags = { analytics_enabled: boolean; forum_enabled: boolean; i18n_missing_enabled: boolean };

/** Setting toggles that wait until an anonymous visitor sees the change (settings are cached ≤ 3 s). */
export class SiteSettings {
  private restoreFlags = new Map<keyof Flags, boolean>();
  private maintenanceTouched = false;

  constructor(
    private readonly admin: AdminApi,
    private readonly anon: APIRequestContext,
  ) {}

  private async flags(): Promise<Flags | null> {
    const res = await this.anon.get("/api/v1/site/flags");
    return res.status() === 200 ? ((await res.json()) as Flags) : null;
  }

  async setFlag(key: keyof Flags, value: boolean) {
    if (!this.restoreFlags.has(key)) {
      const current = await this.flags();
      this.restoreFlags.set(key, current?.[key] ?? false);
    }
    await this.admin.setSetting(key, value);
    await expect
      .poll(async () => (await this.flags())?.[key], {
        message: `flag ${key} becomes ${value}`,
        timeout: 8_000,
        intervals: [100, 250, 500],
      })
      .toBe(value);
  }

  async enableMaintenance(password: string) {
    this.maintenanceTouched = true;
    await this.admin.setMaintenance(true, password);
    await this.flagsAnswer(503, "maintenance on");
  }

  async disableMaintenance() {
    await this.admin.setMaintenance(false);
    await this.flagsAnswer(200, "maintenance off");
  }

  /** Waits until a visitor's flags request answers `status` (the gate follows the setting within a moment). */
  private async flagsAnswer(status: number, message: string) {
    await expect
      .poll(async () => (await this.anon.get("/api/v1/site/flags")).status(), { message, timeout: 8_000, intervals: [100, 250, 500] })
      .toBe(status);
  }

  /** Puts back whatever the test changed. */
  async restore() {
    if (this.maintenanceTouched) await this.disableMaintenance();
    for (const [key, value] of this.restoreFlags) {
      await this.admin.setSetting(key, value);
      await expect.poll(async () => (await this.flags())?.[key], { timeout: 8_000 }).toBe(value);
    }
  }
}
