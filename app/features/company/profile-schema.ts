import { z } from "zod";

/** ISO 3166-1 alpha-2 codes; the page names them in the reader's language with Intl.DisplayNames. */
export const COUNTRY_CODES = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
  "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT " +
  "MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
  "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
  "UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ");

export const DESCRIPTION_MAX = 2000;

const text = (min: number, max: number, key: string) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string().min(min, key).max(max, key));
const optional = <T extends z.ZodType<string>>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : typeof v === "string" ? v.trim() : v ?? null), schema.nullable());

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
