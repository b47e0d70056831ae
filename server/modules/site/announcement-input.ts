import { z } from "zod";
import { hasNoControlCharacters } from "./control-characters";
import { ANNOUNCEMENT_LIMITS, ANNOUNCEMENT_TIME_ZONES, zonedToUtc } from "#shared/announcements";

const title = z
  .string({ error: "errors:site.announcement_title" })
  .trim()
  .min(1, "errors:site.announcement_title")
  .max(ANNOUNCEMENT_LIMITS.titleMax, "errors:site.announcement_title")
  .refine(hasNoControlCharacters, "errors:site.announcement_title");

const videoUrl = z
  .string({ error: "errors:site.announcement_url" })
  .trim()
  .max(ANNOUNCEMENT_LIMITS.urlMax, "errors:site.announcement_url")
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === "https:" || u.protocol === "http:") && u.hostname.includes(".") && !u.username && !u.password;
    } catch {
      return false;
    }
  }, "errors:site.announcement_url");

/**
 * An announcement as the admin form sends it: both titles, the wall-clock time (`YYYY-MM-DDTHH:mm`) with the
 * zone it is in, and the video channel's address (http or https). `startsAt` is the UTC instant they name.
 */
export const announcementInput = z
  .object({
    titleEs: title,
    titleEn: title,
    // A real day and time whatever the zone (checked here too, so it is named beside the other fields' errors).
    startsLocal: z
      .string({ error: "errors:site.announcement_time" })
      .trim()
      .refine((v) => zonedToUtc(v, "UTC") !== null, "errors:site.announcement_time"),
    timeZone: z.enum(ANNOUNCEMENT_TIME_ZONES, { error: "errors:site.announcement_zone" }),
    videoUrl,
  })
  .transform((v, ctx) => {
    const startsAt = zonedToUtc(v.startsLocal, v.timeZone);
    if (!startsAt) {
      ctx.addIssue({ code: "custom", path: ["startsLocal"], message: "errors:site.announcement_time" });
      return z.NEVER;
    }
    return { ...v, startsAt };
  });

export type AnnouncementInput = z.output<typeof announcementInput>;
