/** The list of keyboard shortcuts (`?`, the palette, the Help menu): every command that has keys. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMAND_IDS, COMMANDS } from '#shared/commands.ts';
import { useCommand } from '../../hooks/commands-context.ts';
import { FramedDialog } from '../../ui/Dialog.tsx';
import { isMac, shortcutLabel } from './shortcut-label.ts';

/** The commands that have keys, in the registry's order. */
const KEYED = COMMAND_IDS.filter((id) => COMMANDS[id].keys);

export function ShortcutsDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useCommand('shortcuts', () => setOpen(true));
  if (!open) return null;
  const mac = isMac();
  const close = () => setOpen(false);
  return (
    <FramedDialog
      title={t('commands.shortcuts')}
      onClose={close}
      className="shortcuts-dialog"
      footer={
        <button type="button" data-autofocus onClick={close}>
          {t('shortcuts.close')}
        </button>
      }
    >
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
    </FramedDialog>
  );
}
