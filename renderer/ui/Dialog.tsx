/**
 * A modal dialog on the platform's <dialog>: focus moves in (to the element marked
 * data-autofocus, else the first one) and is kept there, the rest of the page is inert, Escape
 * asks to close (the owner decides, e.g. after "discard changes?"). When it closes, focus goes
 * back to what had it before (the button or event that opened it), else to the page's main
 * region, so the next Tab goes on from there, never from the top of the page (WCAG 2.4.3).
 * FramedDialog adds the app's frame: title, content, buttons.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

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
    const opener = document.activeElement;
    if (dialog && !dialog.open) {
      dialog.showModal();
      // The field marked data-autofocus gets the focus (React's autoFocus runs before the
      // dialog is shown, when nothing in it can take focus yet).
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    return () => {
      dialog?.close();
      // Once React has put the page back; unless something else took the focus meanwhile
      // (a dialog opened from this one).
      setTimeout(() => returnFocus(opener));
    };
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

function returnFocus(opener: Element | null) {
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) {
    opener.focus();
    // The opener may go a moment later (the event just moved to the trash leaves the grid):
    // the focus then goes to the main region rather than to the page's body.
    keepFocusOnPage(opener);
    return;
  }
  focusMain();
}

const FOCUS_WATCH_MS = 2000;

function keepFocusOnPage(element: HTMLElement) {
  const observer = new MutationObserver(() => {
    if (element.isConnected) return;
    observer.disconnect();
    if (document.activeElement === document.body || document.activeElement === null) focusMain();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), FOCUS_WATCH_MS);
}

function focusMain() {
  const main = document.querySelector<HTMLElement>('main');
  if (!main) return;
  if (!main.hasAttribute('tabindex')) main.tabIndex = -1;
  main.focus({ preventScroll: true });
}

type FramedProps = {
  title: ReactNode;
  /** The dialog's buttons, at its foot. */
  footer: ReactNode;
  onClose: () => void;
  className?: string;
  contentClassName?: string;
  /** Makes the body a form: Enter in a field (or a submit button) calls it. */
  onSubmit?: () => void;
  children: ReactNode;
};

/**
 * A dialog with the app's frame: its title at the head (naming the dialog), the content that
 * scrolls, and its buttons at the foot.
 */
export function FramedDialog({
  title,
  footer,
  onClose,
  className,
  contentClassName,
  onSubmit,
  children,
}: FramedProps) {
  const headingId = useId();
  const sections = (
    <>
      <header className="editor-head">
        <h2 id={headingId}>{title}</h2>
      </header>
      <div className={['dialog-content', contentClassName].filter(Boolean).join(' ')}>
        {children}
      </div>
      <footer className="editor-foot">{footer}</footer>
    </>
  );
  return (
    <Dialog labelledBy={headingId} onClose={onClose} className={className}>
      {onSubmit ? (
        <form
          className="dialog-body"
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {sections}
        </form>
      ) : (
        <div className="dialog-body">{sections}</div>
      )}
    </Dialog>
  );
}
