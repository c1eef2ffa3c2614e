import { FEATURES } from '../../content/features';
import { FeatureIcon } from './FeatureIcon';

/** The six feature cards of the app (home page and account deletion page). */
export function FeatureGrid() {
  return (
    <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {FEATURES.map((feature) => (
        <li key={feature.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:shadow-md">
          <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <FeatureIcon icon={feature.icon} />
          </span>
          <h3 className="mt-4 text-lg font-bold text-brand-950">{feature.title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-slate-600">{feature.description}</p>
        </li>
      ))}
    </ul>
  );
}
