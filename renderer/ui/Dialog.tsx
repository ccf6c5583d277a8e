/**
 * A modal dialog on the platform's <dialog>: focus moves in (to the element marked
 * data-autofocus, else the first one) and is kept there, the rest of the page is inert, Escape
 * asks to close (the owner decides, e.g. after "discard changes?").
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
    if (dialog && !dialog.open) {
      dialog.showModal();
      // The field marked data-autofocus gets the focus (React's autoFocus runs before the
      // dialog is shown, when nothing in it can take focus yet).
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
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
