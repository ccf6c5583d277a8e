/**
 * 0020 — the website peer's stored kind is `website`, the name the code, the API and the
 * glossary give it (docs/architecture.md), no longer `tec`, the name of its wire.
 */
export const migration = {
  version: 20,
  name: 'website-peer-kind',
  sql: `UPDATE peers SET kind = 'website' WHERE kind = 'tec';`,
};
