/** An RRULE value's parts, read the same by every door. */

/** A rule's parts by name (upper case, without "RRULE:"), in their order. */
export function partsOf(rrule: string): Map<string, string> {
  const parts = new Map<string, string>();
  for (const part of rrule.replace(/^RRULE:/i, '').split(';')) {
    if (part === '') continue;
    const [name = '', value = ''] = part.split('=');
    parts.set(name.trim().toUpperCase(), value.trim().toUpperCase());
  }
  return parts;
}
