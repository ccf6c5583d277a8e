/**
 * The command palette (mod+K, from anywhere): every command that can run now, found by typing
 * its name or one of its keywords (the shortcuts' list by "help" or "keys").
 */
import { Command } from 'cmdk';
import { useTranslation } from 'react-i18next';
import { COMMAND_IDS, COMMANDS, type CommandId } from '#shared/commands.ts';
import { useCommand, useCommands, useCommandsVersion } from '../../hooks/commands-context.ts';
import { isMac, shortcutLabel } from './shortcut-label.ts';

export function CommandPalette({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const registry = useCommands();
  useCommandsVersion();
  useCommand('palette', () => onOpenChange(!open));
  const mac = isMac();
  const keywordsOf = (id: CommandId) =>
    t(`palette.keywords.${id}`, { defaultValue: '' })
      .split(',')
      .map((word) => word.trim())
      .filter(Boolean);
  const runnable = COMMAND_IDS.filter((id) => id !== 'palette' && registry.available(id));
  return (
    <Command.Dialog
      open={open}
      onOpenChange={onOpenChange}
      label={t('commands.palette')}
      overlayClassName="palette-overlay"
      contentClassName="palette"
      loop
    >
      <Command.Input placeholder={t('palette.placeholder')} aria-label={t('palette.placeholder')} />
      <Command.List>
        <Command.Empty>{t('palette.empty')}</Command.Empty>
        {runnable.map((id) => {
          const keys = COMMANDS[id].keys;
          return (
            <Command.Item
              key={id}
              value={t(`commands.${id}`)}
              keywords={keywordsOf(id)}
              onSelect={() => {
                onOpenChange(false);
                registry.run(id);
              }}
            >
              <span>{t(`commands.${id}`)}</span>
              {keys && <kbd>{shortcutLabel(keys, mac)}</kbd>}
            </Command.Item>
          );
        })}
      </Command.List>
    </Command.Dialog>
  );
}
