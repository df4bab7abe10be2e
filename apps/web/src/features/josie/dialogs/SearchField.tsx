import { type ReactNode, useState } from 'react';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { Field } from '../../../ui/Field';
import { Input } from '../../../ui/Input';
import { SEARCH_DEBOUNCE_MS } from './searchShared';

export interface SearchFieldProps {
  /** The field's label, placeholder and the hint under it, already translated. */
  label: string;
  placeholder: string;
  hint: string;
  /**
   * The results of the words typed: called with them trimmed once they have stayed the same for
   * {@link SEARCH_DEBOUNCE_MS} (an empty string until then, or when the field is cleared).
   */
  children(query: string): ReactNode;
}

/**
 * The frame of a search tab that searches as one types (the audio and video dialogs' search tabs): a labelled
 * search field with its hint, and under it the results of the words typed, asked for only after a pause so a
 * search is not sent for every keystroke.
 */
export function SearchField({ label, placeholder, hint, children }: SearchFieldProps) {
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  return (
    <div className="flex flex-col gap-4">
      <Field label={label} hint={hint}>
        {(control) => (
          <Input
            {...control}
            type="search"
            dir="auto"
            autoComplete="off"
            placeholder={placeholder}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        )}
      </Field>
      {children(debounced)}
    </div>
  );
}
