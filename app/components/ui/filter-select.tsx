/**
 * One filter of a list page's GET form (campaigns, featured games): a labelled select whose first choice is
 * "any". Keyed on the value in the address, so back and forward show the choice the page was loaded with.
 */
export function FilterSelect({
  name,
  label,
  anyLabel,
  value,
  options,
}: {
  name: string;
  label: string;
  anyLabel: string;
  value: string | null | undefined;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={`filter-${name}`} className="block text-sm font-semibold">
        {label}
      </label>
      <select id={`filter-${name}`} name={name} className="input" defaultValue={value ?? ""} key={`${name}-${value ?? ""}`}>
        <option value="">{anyLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
