import { z } from "zod";

/** Field rules shared by the thread and post operations (and the page's forms). */
export const titleField = z.string().trim().min(5, "errors:forum.title_length").max(150, "errors:forum.title_length");
export const bodyField = z
  .string()
  .refine((s) => s.trim().length >= 1, "errors:forum.body_length")
  .refine((s) => s.length <= 20_000, "errors:forum.body_length");
export const tagsField = z.array(z.string().min(1).max(60)).max(5, "errors:forum.too_many_tags").default([]);
export const idField = z.string().min(1).max(100);
export const slugField = z.string().min(1).max(200);
