import { useEffect, useId, useRef, useState } from 'react';
import { X } from 'lucide-react';
import { formatCity } from '@shared/br';
import { controlClass, errorAttributes, FieldShell } from '../ui/fields';
import { api } from '../../lib/api';
import { useDebouncedValue } from '../../lib/use-debounced-value';

export interface CityOption {
  city_id: number;
  name: string;
  code: string;
}

/** The search waits this long after the last key; the server answers at most 100 cities. */
const DEBOUNCE_MS = 300;

export const cityLabel = (city: { name: string; code: string }) => formatCity(city.name, city.code);

/**
 * A searchable city dropdown: type part of the name (accents optional, "Londrina PR" narrows by UF), pick
 * one of up to 100 matches. Failures are only logged.
 */
export function CitySelect({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: CityOption | null;
  onChange: (city: CityOption | null) => void;
  error?: string;
}) {
  const [text, setText] = useState(value ? cityLabel(value) : '');
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<CityOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const box = useRef<HTMLDivElement>(null);
  const search = useDebouncedValue(text, DEBOUNCE_MS);

  useEffect(() => setText(value ? cityLabel(value) : ''), [value?.city_id]);

  useEffect(() => {
    if (!open) return;
    const busca = value && search === cityLabel(value) ? '' : search.trim();
    let current = true;
    setLoading(true);
    api('GET', `/admin/cities?busca=${encodeURIComponent(busca.slice(0, 100))}`)
      .then((result) => {
        if (!current) return;
        setOptions(result.data);
        setActive(0);
      })
      .catch((failure: unknown) => console.error('Falha ao buscar cidades', failure))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [search, open]);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) {
        setOpen(false);
        setText(value ? cityLabel(value) : '');
      }
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open, value]);

  function choose(city: CityOption | null) {
    onChange(city);
    setText(city ? cityLabel(city) : '');
    setOpen(false);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => Math.min(index + 1, options.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      if (options[active]) choose(options[active]);
    }
  }

  return (
    <div ref={box} className="relative">
      <FieldShell id={id} label={label} error={error}>
        <div className="relative">
          <input
            id={id}
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            autoComplete="off"
            value={text}
            placeholder="Digite para buscar a cidade..."
            onFocus={() => setOpen(true)}
            onClick={() => setOpen(true)}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
            }}
            onKeyDown={onKeyDown}
            maxLength={100}
            className={`${controlClass(error)} pr-9`}
            {...errorAttributes(id, error)}
          />
          {value && (
            <button
              type="button"
              onClick={() => choose(null)}
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-slate-400 hover:text-slate-700"
              aria-label={`Limpar ${label}`}
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </button>
          )}
        </div>
        {open && (
          <ul
            id={listId}
            role="listbox"
            aria-label={label}
            className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg"
          >
            {options.length === 0 ? (
              <li className="px-3 py-2 text-slate-500">{loading ? 'Buscando...' : 'Nenhuma cidade encontrada.'}</li>
            ) : (
              options.map((city, index) => (
                <li
                  key={city.city_id}
                  role="option"
                  aria-selected={value?.city_id === city.city_id}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(city)}
                  onMouseEnter={() => setActive(index)}
                  className={`cursor-pointer px-3 py-2 ${index === active ? 'bg-brand-50 text-brand-900' : 'text-slate-700'}`}
                >
                  {cityLabel(city)}
                </li>
              ))
            )}
          </ul>
        )}
      </FieldShell>
    </div>
  );
}
