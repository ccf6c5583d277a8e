/**
 * A Content-Disposition header for a file name that may hold any text (a category's slug in
 * Japanese): header values are Latin-1, and Node refuses others, so the name goes plain where
 * it can and as RFC 6266's UTF-8 `filename*` (with an ASCII stand-in) where it cannot.
 */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const plain = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  if (plain === fileName) return `${type}; filename="${fileName}"`;
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${plain}"; filename*=UTF-8''${encoded}`;
}
