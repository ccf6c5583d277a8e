/**
 * 0017 — one shape for a conflict's fields, whichever peer found it: per field, this calendar's
 * value (`mine`) and the peer's (`theirs`). The website's conflicts kept `marquee`/`site`, the
 * hub's `here`/`hub`; each is rewritten, a value absent on a side staying absent.
 */
const rewrite = (kind: string, mine: string, theirs: string) => `
UPDATE peer_conflicts SET fields = (
  SELECT json_group_object(
    field.key,
    json_remove(
      json_object('mine', field.value -> '$.${mine}', 'theirs', field.value -> '$.${theirs}'),
      iif(field.value -> '$.${mine}' IS NULL, '$.mine', '$.absent'),
      iif(field.value -> '$.${theirs}' IS NULL, '$.theirs', '$.absent')
    )
  )
  FROM json_each(peer_conflicts.fields) AS field
)
WHERE peer_id IN (SELECT id FROM peers WHERE kind = '${kind}');
`;

export const migration = {
  version: 17,
  name: 'conflict-values',
  sql: rewrite('tec', 'marquee', 'site') + rewrite('hub', 'here', 'hub'),
};
