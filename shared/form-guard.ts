/** The names of a public form's spam-check fields, shared by the form and the check (server/platform/form-guard.ts). */
export const HONEYPOT_FIELD = "website";
export const FORM_TICKET_FIELD = "formTicket";
