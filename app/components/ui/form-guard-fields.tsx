import { useTranslation } from "react-i18next";
import { FORM_TICKET_FIELD, HONEYPOT_FIELD } from "#shared/form-guard";

/**
 * The spam checks' fields of a public form (server/platform/form-guard.ts): the ticket the loader issued, and a
 * field people neither see nor reach by keyboard or screen reader, which only a bot fills.
 */
export function FormGuardFields({ ticket }: { ticket: string }) {
  const { t } = useTranslation("common");
  return (
    <>
      <input type="hidden" name={FORM_TICKET_FIELD} value={ticket} />
      <div className="form-trap" aria-hidden="true" inert>
        <label>
          {t("form.trap")}
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </>
  );
}
