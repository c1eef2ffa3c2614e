import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../ui/Button';
import { controlClass, TextField } from '../ui/fields';

/** Filter buttons, each with its count; the pressed one is the list's current filter. */
export function FilterButtons<K extends string>({
  label,
  options,
  value,
  counts,
  onChange,
}: {
  label: string;
  options: { key: K; label: string }[];
  value: K;
  counts: Record<K, number>;
  onChange: (key: K) => void;
}) {
  return (
    <div className="flex shrink-0 flex-wrap gap-1.5 sm:gap-2" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.key}
          type="button"
          aria-pressed={value === option.key}
          onClick={() => onChange(option.key)}
          className={`inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold transition ${value === option.key ? 'bg-brand-800 text-white shadow-sm' : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
        >
          {option.label}
          <span className={`rounded-full px-2 py-0.5 text-xs ${value === option.key ? 'bg-brand-900' : 'bg-slate-100 text-slate-600'}`}>
            {counts[option.key]}
          </span>
        </button>
      ))}
    </div>
  );
}

/** A search box applied on submit (at most 100 characters), with 'Limpar' while a search is active. */
export function SearchForm({
  id,
  label,
  placeholder,
  value,
  onSearch,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(text.trim().slice(0, 100));
  }

  return (
    <form onSubmit={submit} role="search" className="flex w-full gap-2 xl:max-w-xl">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={100}
        placeholder={placeholder}
        className={`min-w-0 flex-1 ${controlClass(undefined, 'admin', false)}`}
      />
      <Button type="submit" variant="secondary">
        Buscar
      </Button>
      {value && (
        <Button variant="ghost" onClick={() => onSearch('')}>
          Limpar
        </Button>
      )}
    </form>
  );
}

/**
 * A list's status filters and search box on one bar (one row from 1280 px, stacked below): both go to page 1
 * of the list with the other kept.
 */
export function StatusSearchBar<K extends string>({
  options,
  counts,
  status,
  busca,
  search,
  onChange,
}: {
  options: { key: K; label: string }[];
  counts: Record<K, number>;
  status: K;
  busca: string;
  search: { id: string; label: string; placeholder: string };
  onChange: (change: { status: K; busca: string }) => void;
}) {
  return (
    <div className="mt-6 flex flex-col gap-3 xl:flex-row xl:items-center xl:justify-between">
      <FilterButtons label="Filtrar por status" options={options} value={status} counts={counts} onChange={(next) => onChange({ status: next, busca })} />
      <SearchForm {...search} value={busca} onSearch={(text) => onChange({ status, busca: text })} />
    </div>
  );
}

/** A list's date range ('De', 'Até', each bounding the other), with 'Limpar' while either is set. */
export function DateRangeFilter({
  label,
  from,
  to,
  onChange,
}: {
  label: string;
  from: string;
  to: string;
  onChange: (range: { date_from: string; date_to: string }) => void;
}) {
  return (
    <div className="mt-3 flex flex-wrap items-end gap-3 text-sm" role="group" aria-label={label}>
      <TextField id="filtro-de" label="De" type="date" value={from} max={to || undefined} onChange={(value) => onChange({ date_from: value, date_to: to })} />
      <TextField
        id="filtro-ate"
        label="Até"
        type="date"
        value={to}
        min={from || undefined}
        onChange={(value) => onChange({ date_from: from, date_to: value })}
      />
      {(from || to) && (
        <Button variant="ghost" onClick={() => onChange({ date_from: '', date_to: '' })}>
          Limpar
        </Button>
      )}
    </div>
  );
}
