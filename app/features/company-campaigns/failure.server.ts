import { actionFailure } from "#app/lib/form.server";

/**
 * `actionFailure` for the company's campaign forms: checkbox groups and repeated fields come back whole
 * (joined with "\n", read by `keptList`), and fields that may hold key values (pasted keys, a traced key)
 * never go back to the page.
 */
export function campaignFailure(
  err: unknown,
  form: FormData,
  opts: { lists?: readonly string[]; drop?: readonly string[]; fieldFor?: Partial<Record<string, string>> } = {},
) {
  const answer = actionFailure(err, form, opts.fieldFor);
  const values = answer.data.values;
  for (const name of opts.lists ?? []) {
    values[name] = form
      .getAll(name)
      .filter((v): v is string => typeof v === "string")
      .join("\n");
  }
  for (const name of opts.drop ?? []) delete values[name];
  return answer;
}

/** Text fields of a form, trimmed to strings ("" when absent or a file). */
export const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/** Every string value of a repeated field (checkbox groups). */
export const list = (form: FormData, name: string) => form.getAll(name).filter((v): v is string => typeof v === "string");
