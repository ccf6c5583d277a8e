/**
 * A modal dialog on the platform's <dialog>: focus moves in and is kept there, the rest of the
 * page is inert, Escape asks to close (the owner decides, e.g. after "discard changes?").
 */
import { useEffect, useRef, type ReactNode } from 'react';

type Props = {
  labelledBy: string;
  onClose: () => void;
  className?: string;
  children: ReactNode;
};

export function Dialog({ labelledBy, onClose, className, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      className={['dialog', className].filter(Boolean).join(' ')}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {children}
    </dialog>
  );
}
