import { useState } from 'react';
import { useToast } from '../components/ui/Toast';
import { sessionEnded } from './api';

/**
 * A call made from a dialog: `busy` while it runs, a toast for its outcome (none when the session ended, which
 * says so itself), and `after` once it succeeded (close the dialog, reload the list).
 */
export function useApiAction() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function run(call: () => Promise<unknown>, messages: { done: string; failed: string }, after: () => void) {
    setBusy(true);
    try {
      await call();
      toast('success', messages.done);
      after();
    } catch (failure) {
      if (!sessionEnded(failure)) toast('error', messages.failed);
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}
