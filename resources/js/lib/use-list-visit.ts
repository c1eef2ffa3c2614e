import { router } from '@inertiajs/react';
import { useState } from 'react';

/**
 * Moves an admin list to a new state (filters, page) through the URL, so it can be bookmarked and
 * reloaded: a partial Inertia visit for the list props only, with the loading and load-error states.
 */
export function useListVisit<T extends Record<string, string | number>>(path: string, props: string[], defaults: Partial<T>) {
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState(false);

  function visit(next: T) {
    // Only what differs from the defaults goes to the URL (status always does: it names the list).
    const query = Object.fromEntries(Object.entries(next).filter(([key, value]) => key === 'status' || (value !== '' && value !== defaults[key])));
    const failed = () => {
      setLoadError(true);
      return false;
    };
    router.get(path, query, {
      preserveState: true,
      preserveScroll: true,
      only: props,
      onStart: () => setLoading(true),
      onFinish: () => setLoading(false),
      onSuccess: () => setLoadError(false),
      onHttpException: failed,
      onNetworkError: failed,
    });
  }

  return { visit, loading, loadError };
}
