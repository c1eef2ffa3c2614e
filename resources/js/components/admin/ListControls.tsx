import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../ui/Button';

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
          <span className={`rounded-full px-2 py-0.5 text-xs ${value === option.key ? 'bg-white/20' : 'bg-slate-100 text-slate-600'}`}>
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
        className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none"
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
