import { useTranslation } from "react-i18next";
import { ActionResult } from "#app/features/admin/shell";
import type { FormFailure } from "#app/lib/form";
import { CONTENT_INTENTS as I } from "#shared/content";

/** SPEC §8: a failed add, update or delete of an item or a collaborator says which, then why. */
export function FailureAlert({ failure, tab }: { failure: FormFailure; tab: "content" | "collaborators" }) {
  const { t } = useTranslation("content");
  const intent = failure.values.intent;
  const which = intent === I.create ? "create" : intent === I.update ? "update" : intent === I.delete ? "delete" : null;
  return (
    <div className="space-y-1">
      {which ? <p className="font-semibold text-danger">{t(`admin.${tab}.failed.${which}`)}</p> : null}
      <ActionResult result={failure} />
    </div>
  );
}
