/** The account emails and the data each one needs. */
export type AccountEmail =
  | { template: "verify-email"; url: string }
  | { template: "reset-password"; url: string }
  | { template: "sign-in-code"; code: string }
  | { template: "change-email"; url: string; newEmail: string }
  | { template: "company-verified"; companyName: string; url: string }
  | { template: "company-rejected"; companyName: string; reason: string; url: string };

export { renderEmail, type RenderedEmail } from "#server/platform/mail-render";
