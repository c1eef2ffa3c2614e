import { useEffect, useRef, type RefObject } from 'react';

/**
 * While a popup is open (a menu, a dropdown, the bell's panel): Escape or a press outside `box` closes it.
 * `onEscape` runs after an Escape, to give the focus back to what opened it.
 */
export function useDismiss(open: boolean, box: RefObject<HTMLElement | null>, close: () => void, onEscape?: () => void): void {
  const latest = useRef({ close, onEscape });
  latest.current = { close, onEscape };
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      latest.current.close();
      latest.current.onEscape?.();
    };
    const onPress = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) latest.current.close();
    };
    document.addEventListener('mousedown', onPress);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPress);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, box]);
}
