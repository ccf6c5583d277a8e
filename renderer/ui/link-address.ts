/**
 * The address typed in the description's Link box, made into one a page can follow. The box
 * opens with `https://` filled in; an address pasted after it would read `https://https://…`,
 * so a scheme typed twice keeps the last one, and an address without a scheme gets `https://`
 * (as a browser's address bar does). Undefined: not an address (the box says so and keeps it).
 */
const WEB_SCHEMES = /^(?:https?:\/\/)+/i;
const ANY_SCHEME = /^[a-z][a-z+.-]*:/i;
const ALLOWED = ['http:', 'https:', 'mailto:', 'tel:'];

export function linkAddress(typed: string): string | undefined {
  let address = typed.trim();
  const schemes = WEB_SCHEMES.exec(address)?.[0] ?? '';
  const rest = address.slice(schemes.length);
  // The last scheme typed stands: "https://http://x" → "http://x", "https://mailto:x" → "mailto:x".
  if (schemes)
    address = ANY_SCHEME.test(rest) ? rest : `${/https?:\/\/$/i.exec(schemes)?.[0]}${rest}`;
  else if (address.startsWith('/') || address.startsWith('#')) return address;
  else if (!ANY_SCHEME.test(address)) address = `https://${address}`;
  if (!URL.canParse(address)) return undefined;
  const url = new URL(address);
  if (!ALLOWED.includes(url.protocol)) return undefined;
  // "https://" alone, or a host with no dot ("https://tickets"), is not an address yet.
  if (url.protocol.startsWith('http') && !url.hostname.includes('.')) return undefined;
  return address;
}
