/** The list of keyboard shortcuts (`?`, the palette, the Help menu): every command that has keys. */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMAND_IDS, COMMANDS } from '#shared/commands.ts';
import { useCommand } from '../../hooks/commands-context.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { isMac, shortcutLabel } from './shortcut-label.ts';

/** The commands that have keys, in the registry's order. */
const KEYED = COMMAND_IDS.filter((id) => COMMANDS[id].keys);

export function ShortcutsDialog() {
  const { t } = useTranslation();
  const headingId = useId();
  const [open, setOpen] = useState(false);
  useCommand('shortcuts', () => setOpen(true));
  if (!open) return null;
  const mac = isMac();
  const close = () => setOpen(false);
  return (
    <Dialog labelledBy={headingId} onClose={close} className="shortcuts-dialog">
      <div className="dialog-body">
        <header className="editor-head">
          <h2 id={headingId}>{t('commands.shortcuts')}</h2>
        </header>
        <div className="dialog-content">
          <p className="muted">{t('shortcuts.intro')}</p>
          <dl className="shortcut-list">
            {KEYED.map((id) => (
              <div key={id}>
                <dt>{t(`commands.${id}`)}</dt>
                <dd>
                  <kbd>{shortcutLabel(COMMANDS[id].keys ?? '', mac)}</kbd>
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <footer className="editor-foot">
          <button type="button" data-autofocus onClick={close}>
            {t('shortcuts.close')}
          </button>
        </footer>
      </div>
    </Dialog>
  );
}
