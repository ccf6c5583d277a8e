/**
 * The import, export and print dialogs, opened by their commands (menu, keys, palette,
 * sidebar); the import also by an .ics file the desktop app was opened with.
 */
import { useEffect, useState } from 'react';
import type { MarqueeBridge } from '#shared/ipc/contract.ts';
import { useCommand } from '../hooks/commands-context.ts';
import { ExportDialog } from '../features/files/ExportDialog.tsx';
import { ImportDialog } from '../features/files/ImportDialog.tsx';
import { ProgrammeDialog } from '../features/programme/ProgrammeDialog.tsx';

export function FileDialogs() {
  const [open, setOpen] = useState<'import' | 'export' | 'print'>();
  const [opened, setOpened] = useState<File>();
  useEffect(() => {
    const bridge = (window as { marquee?: MarqueeBridge }).marquee;
    return bridge?.onOpenFile(({ name, bytes }) => {
      setOpened(new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'text/calendar' }));
      setOpen('import');
    });
  }, []);
  useCommand('importFile', () => setOpen('import'));
  useCommand('exportFile', () => setOpen('export'));
  useCommand('print', () => setOpen('print'));
  const close = () => {
    setOpen(undefined);
    setOpened(undefined);
  };
  // Keyed by the file: a second file opened while the dialog shows starts it afresh.
  if (open === 'import')
    return <ImportDialog key={opened?.name} initialFile={opened} onClose={close} />;
  if (open === 'export') return <ExportDialog onClose={close} />;
  if (open === 'print') return <ProgrammeDialog onClose={close} />;
  return null;
}
