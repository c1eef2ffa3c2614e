import { router } from '@inertiajs/react';
import { useEffect, useRef, useState } from 'react';

/** Below the sticky header (64 px) with a little air: a list whose top is higher than this is out of sight. */
const LIST_TOP_MARGIN = 80;
/** A list reads itself again at most once a second, however many changes a bulk run or an import sends. */
const REFRESH_GAP_MS = 1_000;

/**
 * Moves an admin list to a new state (filters, page) through the URL, so it can be bookmarked and
 * reloaded: a partial Inertia visit for the list props only, with the loading and load-error states.
 * Filter changes keep the scroll position; a page change brings the top of the list (`listRef`) into view,
 * so staff start reading the next page from its first row.
 *
 * `refresh` reads the same props again for the URL as it is, quietly (no loading state; the URL, the scroll, the
 * focus and the page's open dialogs stay): what a live change of the listed records asks for. Refreshes asked while
 * one (or a visit) is under way are made once, after it, and never sooner than REFRESH_GAP_MS after the last; a visit
 * cancels a refresh under way, whose answer would bring back the list as it was before the visit.
 */
export function useListVisit<T extends Record<string, string | number>>(path: string, props: string[], defaults: Partial<T>) {
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const refreshing = useRef({ visiting: false, cancel: null as (() => void) | null, again: false, last: 0, timer: 0 });
  // A refresh waiting for its turn is dropped with the page: it would read this list's props on another one.
  useEffect(() => () => window.clearTimeout(refreshing.current.timer), []);

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
    if (state.timer) return;
    if (state.visiting || state.cancel) {
      state.again = true;
      return;
    }
    const wait = state.last + REFRESH_GAP_MS - Date.now();
    if (wait > 0) {
      state.timer = window.setTimeout(() => {
        state.timer = 0;
        refresh();
      }, wait);
      return;
    }
    state.last = Date.now();
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
