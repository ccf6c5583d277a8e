/** In the desktop app, the native menu's commands arrive over the preload bridge and run here. */
import { useEffect } from 'react';
import type { MarqueeBridge } from '#shared/ipc/contract.ts';
import { useCommands } from '../../hooks/commands-context.ts';

export function useDesktopCommands(): void {
  const registry = useCommands();
  useEffect(() => {
    const bridge = (window as { marquee?: MarqueeBridge }).marquee;
    return bridge?.onCommand((id) => registry.run(id));
  }, [registry]);
}
