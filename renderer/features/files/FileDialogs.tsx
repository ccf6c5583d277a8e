/** The import and export dialogs, opened by their commands (menu, keys, palette, sidebar). */
import { useState } from 'react';
import { useCommand } from '../../hooks/commands-context.ts';
import { ExportDialog } from './ExportDialog.tsx';
import { ImportDialog } from './ImportDialog.tsx';

export function FileDialogs() {
  const [open, setOpen] = useState<'import' | 'export'>();
  useCommand('importFile', () => setOpen('import'));
  useCommand('exportFile', () => setOpen('export'));
  const close = () => setOpen(undefined);
  if (open === 'import') return <ImportDialog onClose={close} />;
  if (open === 'export') return <ExportDialog onClose={close} />;
  return null;
}
