/** How a shortcut reads: the first of its alternatives, `mod` as ⌘ on macOS and Ctrl elsewhere. */
const NAMES: Readonly<Record<string, string>> = {
  left: '←',
  right: '→',
  up: '↑',
  down: '↓',
  shift: 'Shift',
  alt: 'Alt',
  ctrl: 'Ctrl',
  slash: '/',
};

export function shortcutLabel(keys: string, mac: boolean): string {
  const first = keys.split(',')[0]?.trim() ?? '';
  return first
    .split('>')
    .map((step) =>
      step
        .split('+')
        .map((key) => (key === 'mod' ? (mac ? '⌘' : 'Ctrl') : (NAMES[key] ?? key.toUpperCase())))
        .join(mac ? '' : '+'),
    )
    .join(' ');
}

export const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
