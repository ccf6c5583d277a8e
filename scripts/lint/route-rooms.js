// ESLint rule: a route table serves the namespace of the room it lives in. TEC's room
// (server/api/tec/) serves only tribe/events/v1, server/api/wp/ only wp/v2, server/api/marquee/
// and every feature room outside server/api/ (sync/, transfer/, peers/…) only marquee/v1;
// server/api/caldav/ serves /dav/, in no namespace. Each room's wiring (its `*-room.ts`) names
// its route tables under the namespace's own key (`'marquee/v1': [...healthRoutes(…), …]`); this rule
// checks that every route table there (a spread call of a function imported from a
// `*.routes.ts` file) comes from that namespace's room, and that a route table is mounted
// nowhere else.
import { dirname, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const NAMESPACE = /^[a-z][\w-]*(?:\/[\w-]+)*\/v\d+$/;
/** Each room and the namespace it serves, most specific first (null: none). */
const ROOMS = [
  ['server/api/tec/', 'tribe/events/v1'],
  ['server/api/wp/', 'wp/v2'],
  ['server/api/marquee/', 'marquee/v1'],
  ['server/api/caldav/', null],
  ['server/api/', undefined],
  ['server/', 'marquee/v1'],
];

function roomOf(path) {
  const room = ROOMS.find(([folder]) => path.startsWith(folder));
  return room ? { folder: room[0], namespace: room[1] } : undefined;
}

/** The repository path a module specifier names, or undefined when it is a package's. */
function moduleOf(specifier, filename) {
  if (specifier.startsWith('#server/')) return `server/${specifier.slice('#server/'.length)}`;
  if (!specifier.startsWith('.')) return undefined;
  return relative(ROOT, resolve(dirname(filename), specifier));
}

/** The route table a call names: its function imported from a `*.routes.ts` file. */
function routeTableOf(call, context) {
  if (call.type !== 'CallExpression' || call.callee.type !== 'Identifier') return undefined;
  const variable = context.sourceCode
    .getScope(call)
    .references.find((ref) => ref.identifier === call.callee)?.resolved;
  const definition = variable?.defs[0];
  if (definition?.type !== 'ImportBinding') return undefined;
  const path = moduleOf(definition.parent.source.value, context.filename);
  return path && /\.routes\.(ts|js)$/.test(path) ? path : undefined;
}

/** The namespace whose list holds this node: the key of an enclosing `'<namespace>': [...]`. */
function namespaceAround(node) {
  for (let at = node.parent; at; at = at.parent) {
    if (at.type !== 'Property' || at.value.type !== 'ArrayExpression') continue;
    const key = at.key.type === 'Literal' ? at.key.value : undefined;
    if (typeof key === 'string' && NAMESPACE.test(key)) return key;
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const routeRooms = {
  meta: {
    type: 'problem',
    docs: { description: 'A route table serves the namespace of the room it lives in.' },
    schema: [],
  },
  create(context) {
    const here = relative(ROOT, context.filename);
    const hereIsTable = /\.routes\.(ts|js)$/.test(here);
    return {
      SpreadElement(node) {
        const table = routeTableOf(node.argument, context);
        if (!table) return;
        const room = roomOf(table);
        const namespace = namespaceAround(node);
        if (hereIsTable && namespace === undefined) {
          // A route table built of others: all of them from one namespace's rooms.
          if (roomOf(here)?.namespace === room?.namespace) return;
          context.report({
            node,
            message: `${table} serves ${room?.namespace ?? 'no namespace'}, not this table's ${roomOf(here)?.namespace ?? 'none'}.`,
          });
          return;
        }
        if (namespace === undefined) {
          context.report({
            node,
            message: `Mount ${table} in its namespace's list (\`'<namespace>': [...]\`), where its room is checked.`,
          });
          return;
        }
        if (room?.namespace === namespace) return;
        const serves = room?.namespace ?? 'no namespace';
        context.report({
          node,
          message: `${table} is mounted in ${namespace}, but ${room?.folder ?? 'its folder'} serves ${serves}: move the route table to the room of ${namespace} (docs/architecture.md, "Where a route table lives").`,
        });
      },
    };
  },
};
