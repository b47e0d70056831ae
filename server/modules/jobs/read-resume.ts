import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import type { JobsDeps } from "./deps";
import { loadApplication } from "./get-application";
import { assertCan } from "./policy";

type Deps = Pick<JobsDeps, "db" | "storage">;

/** A download name: the applicant's name in plain letters ("resume-ana-garcia.pdf"). */
const fileNameOf = (name: string) =>
  `resume-${
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "applicant"
  }.pdf`;

/** An application's resume, for an Admin only: the bytes and a file name (the route answers it as an attachment). */
export async function readResume(deps: Deps, actor: Actor, input: { applicationId: string }) {
  assertCan(actor, "application.resume");
  const { application } = await loadApplication(deps.db, String(input.applicationId ?? ""));
  const file = await deps.storage.read(application.resumeKey);
  if (!file) throw new DomainError("not_found");
  return { body: file.body, filename: fileNameOf(application.name) };
}
