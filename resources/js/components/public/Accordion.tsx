import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';

export interface AccordionItem {
  question: string;
  answer: string;
}

/** Collapsed answers show their first characters (120 on the help page). */
export const PREVIEW_LENGTH = 120;

export function previewOf(text: string, length = PREVIEW_LENGTH): string {
  return text.length <= length ? text : `${text.slice(0, length).trimEnd()}…`;
}

/** One item open at a time; clicking the open item closes it. */
export function Accordion({ items, preview = false }: { items: AccordionItem[]; preview?: boolean }) {
  const [open, setOpen] = useState<number | null>(null);
  const id = useId();
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {items.map((item, index) => {
        const expanded = open === index;
        return (
          <div key={item.question} data-accordion-item>
            <h3>
              <button
                type="button"
                onClick={() => setOpen(expanded ? null : index)}
                aria-expanded={expanded}
                aria-controls={`${id}-${index}`}
                className="flex w-full items-start justify-between gap-4 px-5 py-4 text-left font-semibold text-brand-950 hover:bg-slate-50"
              >
                {item.question}
                <ChevronDown className={`mt-0.5 h-5 w-5 shrink-0 text-brand-700 transition ${expanded ? 'rotate-180' : ''}`} aria-hidden="true" />
              </button>
            </h3>
            <div id={`${id}-${index}`} hidden={!expanded && !preview} className="px-5 pb-4 text-sm leading-relaxed text-slate-600">
              {expanded ? <p>{item.answer}</p> : preview ? <p data-preview>{previewOf(item.answer)}</p> : null}
            </div>
          </div>
        );
      })}
    </div>
  );
}
