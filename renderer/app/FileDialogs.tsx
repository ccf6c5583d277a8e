/**
 * The import, export and print dialogs, opened by their commands (menu, keys, palette,
 * sidebar).
 */
import { useState } from 'react';
import { useCommand } from '../hooks/commands-context.ts';
import { ExportDialog } from '../features/files/ExportDialog.tsx';
import { ImportDialog } from '../features/files/ImportDialog.tsx';
import { ProgrammeDialog } from '../features/programme/ProgrammeDialog.tsx';

export function FileDialogs() {
  const [open, setOpen] = useState<'import' | 'export' | 'print'>();
  useCommand('importFile', () => setOpen('import'));
  useCommand('exportFile', () => setOpen('export'));
  useCommand('print', () => setOpen('print'));
  const close = () => setOpen(undefined);
  if (open === 'import') return <ImportDialog onClose={close} />;
  if (open === 'export') return <ExportDialog onClose={close} />;
  if (open === 'print') return <ProgrammeDialog onClose={close} />;
  return null;
}
