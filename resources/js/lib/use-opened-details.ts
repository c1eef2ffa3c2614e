import { router } from '@inertiajs/react';
import { useEffect, useState } from 'react';

/**
 * The record whose details a list page shows. A link with `?abrir=<id>` (the command palette's) arrives with
 * that record as the `opened` prop, shown at once; closing the details takes `abrir` out of the URL, so a
 * reload or a shared link shows the list as it is.
 */
export function useOpenedDetails<T>(opened: T | null | undefined): [T | null, (next: T | null) => void] {
  const [details, setDetailsState] = useState<T | null>(opened ?? null);
  useEffect(() => {
    if (opened) setDetailsState(opened);
  }, [opened]);
  function setDetails(next: T | null) {
    setDetailsState(next);
    if (next !== null || !new URLSearchParams(window.location.search).has('abrir')) return;
    const url = new URL(window.location.href);
    url.searchParams.delete('abrir');
    router.replace({ url: `${url.pathname}${url.search}`, props: (props) => ({ ...props, opened: null }), preserveState: true, preserveScroll: true });
  }
  return [details, setDetails];
}
