import { z } from "zod";

import { COUNTRY_CODES, DESCRIPTION_MAX } from "./company-limits";

export { COUNTRY_CODES, DESCRIPTION_MAX };

const text = (min: number, max: number, key: string) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string().min(min, key).max(max, key));
const optional = <T extends z.ZodType<string>>(schema: T) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : typeof v === "string" ? v.trim() : (v ?? null)),
    schema.nullable(),
  );

/**
 * The company profile a company completes while it waits for verification (SPEC §1, §3). Messages are i18n
 * keys of the `company` namespace. Shared by the page (field errors) and the operation (the rule).
 */
export const companyProfileSchema = z.object({
  companyName: text(2, 120, "company:form.errors.companyName"),
  representativeName: text(2, 120, "company:form.errors.representativeName"),
  website: optional(
    z
      .string()
      .max(300, "company:form.errors.website")
      .refine((v) => {
        try {
          const u = new URL(v);
          return u.protocol === "https:" && !!u.hostname && !u.username && !u.password;
        } catch {
          return false;
        }
      }, "company:form.errors.website"),
  ),
  description: optional(z.string().max(DESCRIPTION_MAX, "company:form.errors.description")),
  country: optional(z.string().refine((v) => COUNTRY_CODES.includes(v), "company:form.errors.country")),
});

export type CompanyProfileInput = z.infer<typeof companyProfileSchema>;
