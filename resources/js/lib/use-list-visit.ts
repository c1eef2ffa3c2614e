import { router } from '@inertiajs/react';
import { useRef, useState } from 'react';

/** Below the sticky header (64 px) with a little air: a list whose top is higher than this is out of sight. */
const LIST_TOP_MARGIN = 80;

/**
 * Moves an admin list to a new state (filters, page) through the URL, so it can be bookmarked and
 * reloaded: a partial Inertia visit for the list props only, with the loading and load-error states.
 * Filter changes keep the scroll position; a page change brings the top of the list (`listRef`) into view,
 * so staff start reading the next page from its first row.
 */
export function useListVisit<T extends Record<string, string | number>>(path: string, props: string[], defaults: Partial<T>) {
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);

  function visit(next: T, { toListTop = false }: { toListTop?: boolean } = {}) {
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
      onSuccess: () => {
        setLoadError(false);
        const list = listRef.current;
        if (toListTop && list && list.getBoundingClientRect().top < LIST_TOP_MARGIN) list.scrollIntoView({ block: 'start', behavior: 'instant' });
      },
      onHttpException: failed,
      onNetworkError: failed,
    });
  }

  return { visit, loading, loadError, listRef };
}
