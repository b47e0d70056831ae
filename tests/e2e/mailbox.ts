import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { workerPort } from "./port";

export type MailAttachment = { filename: string; contentType: string; text?: string };
export type Mail = { to: string[]; subject: string; text: string; attachments?: MailAttachment[]; at: number };

const file = join(tmpdir(), `e2e-mail-${workerPort()}.jsonl`);

const read = (): Mail[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Mail);

/** The newest mail to an address, waiting until it arrives (the site sends through a real SMTP server). */
export async function latestMailTo(address: string, since = 0): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () =>
        (found = read()
          .filter((m) => m.to.includes(address.toLowerCase()) && m.at >= since)
          .at(-1)),
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return found!;
}

/** The first link of the site in a mail's text version. */
export function linkIn(mail: Mail): string {
  const m = /(https?:\/\/localhost:\d+\/[^\s]+)/.exec(mail.text);
  if (!m) throw new Error(`no link in mail "${mail.subject}"`);
  return m[1];
}
