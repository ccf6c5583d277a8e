import { describe, expect, it } from 'vitest';
import type { CommandId } from '#shared/commands.ts';
import { commandMenuItems } from './command-menu.ts';

describe('command menu', () => {
  it('lists a group’s commands with labels and accelerators, and sends the chosen id', () => {
    const sent: CommandId[] = [];
    const items = commandMenuItems(
      'view',
      (id) => `label:${id}`,
      (id) => sent.push(id),
    );
    expect(items.map((item) => [item.label, item.accelerator])).toEqual([
      ['label:monthView', 'CmdOrCtrl+1'],
      ['label:weekView', 'CmdOrCtrl+2'],
      ['label:dayView', 'CmdOrCtrl+3'],
      ['label:listView', 'CmdOrCtrl+4'],
      ['label:palette', 'CmdOrCtrl+K'],
    ]);
    items[1]?.click?.(undefined as never, undefined, undefined as never);
    expect(sent).toEqual(['weekView']);
  });
});
