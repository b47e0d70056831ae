import { translator, type MailLocale } from "#server/platform/translate";

/** A message of the `mail` namespace: its template (`<template>.subject`, `.body`, `.action`) and its values. */
export type MailTemplate = { template: string } & Record<string, string>;

export type RenderedEmail = { subject: string; html: string; text: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * One layout for every message of every area, in the recipient's language, as HTML and as plain text. Values are escaped
 * for HTML (a company name or a rejection reason is typed by people).
 */
export function renderEmail(email: MailTemplate, locale: MailLocale, siteName: string): RenderedEmail {
  const t = translator(locale, "mail");
  const { template, ...data } = email;
  const vars = { ...data, site: siteName };
  const htmlVars = Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, escapeHtml(String(v))]));
  const subject = t(`${template}.subject`, vars);
  const paragraphs = (t(`${template}.body`, { ...vars, returnObjects: true }) as unknown as string[]) ?? [];
  const htmlParagraphs = (t(`${template}.body`, { ...htmlVars, returnObjects: true }) as unknown as string[]) ?? [];
  const action = "url" in data ? { label: t(`${template}.action`, vars), url: data.url } : null;
  const code = "code" in data ? data.code : null;
  const footer = t("footer", vars);

  const text = [
    t("greeting", vars),
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(code ? [code, ""] : []),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    "—",
    footer,
  ].join("\n");

  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f4f4f5;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px" cellpadding="0" cellspacing="0"><tr><td>
<p style="margin:0 0 16px;font-size:20px;font-weight:800">${escapeHtml(siteName)}</p>
<p style="margin:0 0 16px">${escapeHtml(t("greeting", vars))}</p>
${htmlParagraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${p}</p>`).join("\n")}
${code ? `<p style="margin:24px 0;font-size:32px;font-weight:800;letter-spacing:8px;font-family:ui-monospace,monospace">${escapeHtml(code)}</p>` : ""}
${
  action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#7c3aed;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:700">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#52525b">${escapeHtml(t("linkFallback", vars))}<br><a href="${escapeHtml(action.url)}" style="color:#6d28d9;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : ""
}
<p style="margin:24px 0 0;font-size:13px;color:#52525b">${escapeHtml(footer)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return { subject, html, text };
}
