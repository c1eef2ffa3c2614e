import type { HTMLInputTypeAttribute, ReactNode } from 'react';
import { Button } from './Button';

/**
 * The form fields of every form and modal: a label (with * when required), the control, and the field's
 * error under it, tied to the control by aria-describedby. `tone` sets the size: compact in the back office,
 * roomy on the public site.
 */
export type FieldTone = 'admin' | 'public';

const CONTROL: Record<FieldTone, string> = {
  admin: 'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:ring-2 focus:outline-none',
  public: 'block w-full rounded-xl border bg-white px-4 py-3 text-slate-900 shadow-sm placeholder:text-slate-400 focus:ring-2 focus:outline-none',
};

/** The classes of a text control under its label (`spaced`), red when it has an error. */
export function controlClass(error: string | undefined, tone: FieldTone = 'admin', spaced = true): string {
  const border = error ? 'border-red-400 focus:border-red-500 focus:ring-red-500/20' : 'border-slate-300 focus:border-brand-600 focus:ring-brand-600/20';
  return `${spaced ? 'mt-1 ' : ''}${CONTROL[tone]} ${border}`;
}

interface ShellProps {
  id: string;
  label: ReactNode;
  required?: boolean;
  error?: string;
  className?: string;
  children: ReactNode;
}

/** Label, control and error of one field. */
export function FieldShell({ id, label, required = false, error, className = '', children }: ShellProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
        {required && <span className="text-red-600"> *</span>}
      </label>
      {children}
      {error && (
        <p id={`${id}-erro`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** The error attributes of a control inside a FieldShell. */
export const errorAttributes = (id: string, error: string | undefined) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-erro` : undefined,
});

interface TextFieldProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Formats what is typed (CPF, CNPJ, phone, CEP...): the field keeps the masked text. */
  mask?: (value: string) => string;
  onBlur?: () => void;
  required?: boolean;
  error?: string;
  className?: string;
  tone?: FieldTone;
  type?: HTMLInputTypeAttribute;
  name?: string;
  maxLength?: number;
  placeholder?: string;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email' | 'url';
  autoComplete?: string;
  /** Bounds of a date field (YYYY-MM-DD). */
  min?: string;
  max?: string;
  /** Extra classes of the control (e.g. room for a button inside it). */
  controlClassName?: string;
  /** Shown inside the field, after the control (a show/hide password button). */
  adornment?: ReactNode;
  /** Shown beside the control, in the same row (a button that fills the field). */
  beside?: ReactNode;
  multiline?: number;
  /** A note under the control (a colleague's value after an edit conflict). */
  hint?: string;
}

/** A text field; with `mask`, a masked one; with `multiline`, a textarea of that many rows. */
/** The longest password the API takes (argon2 hashes it whole). */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * A new password (or its confirmation): hidden, offered to the browser's password manager as new, and capped
 * at the API's length. Every form that sets a password uses it.
 */
export function NewPasswordField(props: Omit<TextFieldProps, 'type' | 'autoComplete' | 'maxLength'>) {
  return <TextField {...props} type="password" autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />;
}

export function TextField({
  id,
  label,
  value,
  onChange,
  mask,
  required,
  error,
  className,
  tone = 'admin',
  controlClassName = '',
  adornment,
  beside,
  multiline,
  hint,
  type = 'text',
  ...rest
}: TextFieldProps) {
  const shared = {
    id,
    name: rest.name ?? id,
    value,
    required,
    className: `${controlClass(error, tone, !beside)} ${controlClassName}`,
    ...errorAttributes(id, error),
  };
  const control = multiline ? (
    <textarea {...shared} rows={multiline} maxLength={rest.maxLength} placeholder={rest.placeholder} onChange={(event) => onChange(event.target.value)} />
  ) : (
    <input {...rest} {...shared} type={type} onChange={(event) => onChange(mask ? mask(event.target.value) : event.target.value)} />
  );
  return (
    <FieldShell id={id} label={label} required={required} error={error} className={className}>
      {beside ? (
        <div className="mt-1 flex gap-2">
          {control}
          {beside}
        </div>
      ) : adornment ? (
        <div className="relative">
          {control}
          {adornment}
        </div>
      ) : (
        control
      )}
      {hint && <p className="mt-1 text-xs [overflow-wrap:anywhere] text-amber-800">{hint}</p>}
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

/** A select; `empty` is the first option, meaning none chosen. */
export function SelectField({
  id,
  label,
  value,
  onChange,
  options,
  empty,
  required,
  error,
  className,
  tone = 'admin',
}: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  options: SelectOption[];
  empty?: string;
  required?: boolean;
  error?: string;
  className?: string;
  tone?: FieldTone;
}) {
  return (
    <FieldShell id={id} label={label} required={required} error={error} className={className}>
      <select
        id={id}
        name={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={controlClass(error, tone)}
        {...errorAttributes(id, error)}
      >
        {empty !== undefined && <option value="">{empty}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** A checkbox with its label beside it; `className` styles the label (a box around both, say). */
export function CheckboxField({
  id,
  label,
  checked,
  onChange,
  tone = 'admin',
  className = '',
}: {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  tone?: FieldTone;
  className?: string;
}) {
  return (
    <label htmlFor={id} className={`flex items-center text-sm text-slate-700 ${tone === 'public' ? 'gap-3' : 'gap-2'} ${className}`}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className={`${tone === 'public' ? 'h-5 w-5' : 'h-4 w-4'} rounded border-slate-300 accent-brand-700`}
      />
      {label}
    </label>
  );
}

/**
 * Radio buttons for one choice, in a fieldset named by `legend` (`legendHidden` keeps it for screen readers
 * only). `cards` shows each choice as a card, stacked.
 */
export function RadioGroupField<T extends string>({
  name,
  legend,
  legendHidden = false,
  value,
  onChange,
  options,
  cards = false,
  className = '',
}: {
  name: string;
  legend: ReactNode;
  legendHidden?: boolean;
  value: T | null;
  onChange: (value: T) => void;
  options: { value: T; label: ReactNode }[];
  cards?: boolean;
  className?: string;
}) {
  const optionClass = (chosen: boolean) =>
    cards
      ? `flex cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 text-sm font-medium ${chosen ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-slate-200 text-slate-700'}`
      : 'flex min-h-11 items-center gap-2 xl:min-h-0';
  return (
    <fieldset className={className}>
      <legend className={legendHidden ? 'sr-only' : 'mb-2 px-1 text-sm font-semibold text-slate-800'}>{legend}</legend>
      <div className={cards ? 'space-y-2' : 'flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-700'}>
        {options.map((option) => (
          <label key={option.value} className={optionClass(value === option.value)}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="h-4 w-4 text-brand-700"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A form's Cancelar and Salvar ('Salvando...' while it saves, or `submitLabel`); `blocked` keeps Salvar off (a
 * field known wrong).
 */
export function FormActions({
  onCancel,
  saving,
  blocked = false,
  submitLabel = 'Salvar',
}: {
  onCancel: () => void;
  saving: boolean;
  blocked?: boolean;
  submitLabel?: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel} disabled={saving}>
        Cancelar
      </Button>
      <Button type="submit" disabled={saving || blocked}>
        {saving ? 'Salvando...' : submitLabel}
      </Button>
    </div>
  );
}
