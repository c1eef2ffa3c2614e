import { router } from '@inertiajs/react';
import { useRef, useState } from 'react';

/** Below the sticky header (64 px) with a little air: a list whose top is higher than this is out of sight. */
const LIST_TOP_MARGIN = 80;

/**
 * Moves an admin list to a new state (filters, page) through the URL, so it can be bookmarked and
 * reloaded: a partial Inertia visit for the list props only, with the loading and load-error states.
 * Filter changes keep the scroll position; a page change brings the top of the list (`listRef`) into view,
 * so staff start reading the next page from its first row.
 *
 * `refresh` reads the same props again for the URL as it is, quietly (no loading state; the URL, the scroll, the
 * focus and the page's open dialogs stay): what a live change of the listed records asks for. Refreshes asked while
 * one (or a visit) is under way are made once, after it; a visit cancels a refresh under way, whose answer would
 * bring back the list as it was before the visit.
 */
export function useListVisit<T extends Record<string, string | number>>(path: string, props: string[], defaults: Partial<T>) {
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const refreshing = useRef({ visiting: false, cancel: null as (() => void) | null, again: false });

  function afterward() {
    const state = refreshing.current;
    if (!state.again || state.visiting || state.cancel) return;
    state.again = false;
    refresh();
  }

  function visit(next: T, { toListTop = false }: { toListTop?: boolean } = {}) {
    // Only what differs from the defaults goes to the URL (status always does: it names the list).
    const query = Object.fromEntries(Object.entries(next).filter(([key, value]) => key === 'status' || (value !== '' && value !== defaults[key])));
    const failed = () => {
      setLoadError(true);
      return false;
    };
    refreshing.current.visiting = true;
    refreshing.current.cancel?.();
    router.get(path, query, {
      preserveState: true,
      preserveScroll: true,
      only: props,
      onStart: () => setLoading(true),
      onFinish: () => {
        setLoading(false);
        refreshing.current.visiting = false;
        afterward();
      },
      onSuccess: () => {
        setLoadError(false);
        const list = listRef.current;
        if (toListTop && list && list.getBoundingClientRect().top < LIST_TOP_MARGIN) list.scrollIntoView({ block: 'start', behavior: 'instant' });
      },
      onHttpException: failed,
      onNetworkError: failed,
    });
  }

  function refresh() {
    const state = refreshing.current;
    if (state.visiting || state.cancel) {
      state.again = true;
      return;
    }
    let cancel: (() => void) | null = null;
    router.reload({
      only: props,
      onCancelToken: (token) => {
        cancel = () => token.cancel();
        state.cancel = cancel;
      },
      onFinish: () => {
        if (state.cancel === cancel) state.cancel = null;
        afterward();
      },
      // A refresh that fails changes nothing on the page: the next change, or the person's own visit, reads again.
      onHttpException: () => false,
      onNetworkError: () => false,
    });
  }

  return { visit, refresh, loading, loadError, listRef };
}
