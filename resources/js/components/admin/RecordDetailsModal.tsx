import type { ComponentProps, ReactNode } from 'react';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { HistoryTab, RecordTabs } from './HistoryTab';

/**
 * A record's details dialog: its data (`children`) and its history in two tabs, with Fechar and the record's
 * own buttons in the footer.
 */
export function RecordDetailsModal<V extends { version: number }>({
  title,
  size,
  onClose,
  actions,
  banner,
  history,
  children,
}: {
  title: string;
  size?: ComponentProps<typeof Modal>['size'];
  onClose: () => void;
  /** The footer's buttons after Fechar. */
  actions: ReactNode;
  /** Above the tabs (what a colleague changed meanwhile). */
  banner?: ReactNode;
  /** The record's history: where it is read, and what a restore does. */
  history: ComponentProps<typeof HistoryTab<V>>;
  children: ReactNode;
}) {
  return (
    <Modal
      open
      title={title}
      size={size}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Fechar
          </Button>
          {actions}
        </>
      }
    >
      {banner}
      <RecordTabs details={children} history={<HistoryTab<V> {...history} />} />
    </Modal>
  );
}
