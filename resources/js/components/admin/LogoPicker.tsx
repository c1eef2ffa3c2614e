import { useEffect, useId, useMemo, useState } from 'react';
import { api, failureMessage } from '../../lib/api';
import { Button } from '../ui/Button';
import { LogoImage } from './LogoImage';
import { CheckboxField, controlClass } from '../ui/fields';

export interface LogoOption {
  logo_id: number;
  filename: string;
  name: string;
  kind: 'fabricante' | 'upload';
  url: string;
}

const ACCEPTED = ['png', 'jpeg', 'jpg', 'webp', 'gif', 'svg'];
const MAX_BYTES = 3 * 1024 * 1024;
/** How long the upload's success text stays. */
const SUCCESS_MS = 2000;

const normalize = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * Picks a logo from the list (search, count, a grid that scrolls at 400 px) or, with 'Não encontrei minha
 * logo', uploads a new file with a preview first.
 */
export function LogoPicker({
  label,
  required = false,
  hint,
  logos,
  value,
  onChange,
  onUploaded,
  allowUpload = false,
  error,
}: {
  label: string;
  required?: boolean;
  /** A line under the legend (what happens without a logo, say). */
  hint?: string;
  logos: LogoOption[];
  value: string | null;
  onChange: (filename: string | null) => void;
  onUploaded?: (logo: LogoOption) => void;
  allowUpload?: boolean;
  error?: string;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const selected = logos.find((logo) => logo.filename === value) ?? null;
  const found = useMemo(() => logos.filter((logo) => normalize(logo.name).includes(normalize(search.trim()))), [logos, search]);

  return (
    <fieldset className="rounded-xl border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">
        {label}
        {required && <span className="text-red-600"> *</span>}
      </legend>
      {hint && <p className="mb-2 text-xs text-slate-600">{hint}</p>}
      <div className="flex items-center gap-3">
        <LogoImage src={selected?.url ?? null} alt={selected ? `Logo ${selected.name}` : 'Nenhuma logo selecionada'} className="h-14 w-28" />
        <div className="min-w-0 flex-1 text-sm">
          <p className="truncate font-medium text-slate-800">{selected ? selected.name : value ? value : 'Nenhuma logo selecionada'}</p>
          {value && !uploading && (
            <button type="button" onClick={() => onChange(null)} className="text-xs font-medium text-slate-500 hover:text-red-700">
              Remover seleção
            </button>
          )}
        </div>
      </div>

      {allowUpload && <CheckboxField id={`${id}-enviar`} label="Não encontrei minha logo" checked={uploading} onChange={setUploading} className="mt-3" />}

      {uploading ? (
        <LogoUpload
          onUploaded={(logo) => {
            onUploaded?.(logo);
            onChange(logo.filename);
          }}
          onDone={() => setUploading(false)}
        />
      ) : (
        <div className="mt-3">
          <label htmlFor={`${id}-search`} className="sr-only">
            Buscar {label}
          </label>
          <input
            id={`${id}-search`}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setOpen(true);
            }}
            onClick={() => setOpen(true)}
            onFocus={() => setOpen(true)}
            placeholder="Buscar logo... (clique para ver todas)"
            autoComplete="off"
            className={controlClass(undefined, 'admin', false)}
          />
          {open && (
            <div className="mt-2">
              <div className="flex items-center justify-between text-xs text-slate-500">
                <span aria-live="polite">{found.length} logo(s) encontrada(s)</span>
                <button type="button" onClick={() => setOpen(false)} className="font-medium text-slate-600 hover:text-slate-900">
                  Fechar lista
                </button>
              </div>
              <ul className="mt-2 grid max-h-[400px] grid-cols-2 gap-2 overflow-y-auto sm:grid-cols-3" aria-label={`Logos para ${label}`}>
                {found.map((logo) => (
                  <li key={logo.logo_id}>
                    <button
                      type="button"
                      onClick={() => {
                        onChange(logo.filename);
                        setOpen(false);
                        setSearch('');
                      }}
                      aria-pressed={logo.filename === value}
                      className={`flex w-full flex-col items-center gap-1 rounded-lg border p-2 text-xs transition hover:border-brand-600 ${logo.filename === value ? 'border-brand-600 bg-brand-50 ring-2 ring-brand-600/30' : 'border-slate-200'}`}
                    >
                      <LogoImage src={logo.url} alt="" className="h-12 w-24" />
                      <span className="w-full truncate text-center text-slate-700">{logo.name}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
      {error && <p className="mt-2 text-sm text-red-600">{error}</p>}
    </fieldset>
  );
}

/** Upload mode: idle, file chosen (preview), sending, sent; after a success it closes itself in 2 s. */
function LogoUpload({ onUploaded, onDone }: { onUploaded: (logo: LogoOption) => void; onDone: () => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  useEffect(() => {
    if (message?.kind !== 'success') return;
    const timer = window.setTimeout(() => {
      setMessage(null);
      setState('idle');
      onDone();
    }, SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [message]);

  function choose(chosen: File | undefined) {
    setMessage(null);
    setState('idle');
    setFile(null);
    setPreview(null);
    if (!chosen) return;
    const extension = chosen.name.split('.').pop()?.toLowerCase() ?? '';
    if (!ACCEPTED.includes(extension)) {
      setMessage({ kind: 'error', text: 'Formato não suportado. Use PNG, JPG, JPEG, WEBP, GIF ou SVG' });
      return;
    }
    if (chosen.size > MAX_BYTES) {
      setMessage({ kind: 'error', text: 'Arquivo muito grande. Máximo: 3MB' });
      return;
    }
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  }

  async function send() {
    if (!file) return;
    setState('sending');
    setMessage(null);
    const form = new FormData();
    form.append('file', file);
    try {
      const result = await api('POST', '/admin/upload/logo', form);
      setState('sent');
      setMessage({ kind: 'success', text: 'Logo enviada com sucesso! Preview atualizado.' });
      setPreview(null);
      setFile(null);
      onUploaded(result.logo);
    } catch (failure) {
      setState('idle');
      setMessage({ kind: 'error', text: failureMessage(failure, 'Erro ao fazer upload') });
    }
  }

  return (
    <div className="mt-3 space-y-3">
      <div>
        <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-700">
          Arquivo da logo <span className="font-normal text-slate-400">(PNG, JPG, JPEG, WEBP, GIF ou SVG, até 3MB)</span>
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".png,.jpg,.jpeg,.webp,.gif,.svg,image/png,image/jpeg,image/webp,image/gif,image/svg+xml"
          onChange={(event) => choose(event.target.files?.[0])}
          className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
        />
      </div>
      {preview && (
        <div className="flex items-center gap-3">
          <img src={preview} alt="Pré-visualização da logo" className="h-16 w-32 rounded-md border border-slate-200 bg-white object-contain p-1" />
          <span className="truncate text-xs text-slate-500">{file?.name}</span>
        </div>
      )}
      <Button variant="secondary" onClick={send} disabled={!file || state === 'sending'}>
        {state === 'sending' ? 'Enviando...' : state === 'sent' ? 'Enviado!' : 'Enviar Logo'}
      </Button>
      {message && (
        <p role={message.kind === 'error' ? 'alert' : 'status'} className={`text-sm ${message.kind === 'error' ? 'text-red-600' : 'text-brand-700'}`}>
          {message.text}
        </p>
      )}
    </div>
  );
}
