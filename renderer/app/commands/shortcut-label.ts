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

/** Chords that read as the character they type. */
const TYPED: Readonly<Record<string, string>> = { 'shift+slash': '?' };

export function shortcutLabel(keys: string, mac: boolean): string {
  const first = keys.split(',')[0]?.trim() ?? '';
  if (TYPED[first]) return TYPED[first];
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
