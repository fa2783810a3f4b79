import { useState, type FormEvent } from 'react';

/**
 * The filters of an admin list: what the form holds (`draft`), what the list shows (`filters`,
 * changed only when the form is applied or cleared) and the page, back to the first on each change.
 */
export function useListFilters<F extends { [K in keyof F]: string }>(empty: F) {
  const [draft, setDraft] = useState<F>(empty);
  const [filters, setFilters] = useState<F>(empty);
  const [page, setPage] = useState(1);
  return {
    draft,
    filters,
    page,
    setPage,
    /** The value and the change handler of one field of the form. */
    field: (name: keyof F) => ({
      value: draft[name],
      onChange: (event: { target: { value: string } }) =>
        setDraft((current) => ({ ...current, [name]: event.target.value })),
    }),
    apply: (event: FormEvent) => {
      event.preventDefault();
      setFilters(draft);
      setPage(1);
    },
    clear: () => {
      setDraft(empty);
      setFilters(empty);
      setPage(1);
    },
  };
}
