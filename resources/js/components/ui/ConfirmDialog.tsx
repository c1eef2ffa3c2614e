import type { ReactNode } from 'react';
import { Modal } from './Modal';
import { Button } from './Button';

interface ConfirmDialogProps {
  open: boolean;
  title?: string;
  /** The question; or `children`, a choice to make before confirming. */
  message?: string;
  children?: ReactNode;
  confirmLabel?: string;
  /** What the confirm button says while the action runs (the label itself when not given). */
  busyLabel?: string;
  /** Keeps Confirmar off (a choice not made yet). */
  confirmDisabled?: boolean;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title = 'Confirmação',
  message,
  children,
  confirmLabel = 'Confirmar',
  busyLabel,
  confirmDisabled = false,
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      size="sm"
      onClose={onCancel}
      busy={busy}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancelar
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy || confirmDisabled}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      {message && <p className="text-slate-700">{message}</p>}
      {children}
    </Modal>
  );
}
