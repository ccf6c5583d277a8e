// ESLint rule: the kinds of record are declared once, in shared/kinds/registry.ts (`Kind`,
// `PostKind`, `TermKind`, `LinkedKind`). A second declaration under one of these names, or
// `RecordKind`, drifts from the registry as kinds change; import them instead. A type of
// another thing that ends in "Kind" (an ICS value's kind) takes a name of its own.
const NAMES = new Set(['Kind', 'PostKind', 'TermKind', 'LinkedKind', 'RecordKind']);
const REGISTRY = /shared\/kinds\/registry\.ts$/;

/** @type {import('eslint').Rule.RuleModule} */
export const kindTypes = {
  meta: {
    type: 'problem',
    docs: { description: 'The kinds of record are declared once, in the kind registry.' },
    schema: [],
  },
  create(context) {
    if (REGISTRY.test(context.filename)) return {};
    const check = (node) => {
      if (!NAMES.has(node.id.name)) return;
      context.report({
        node: node.id,
        message: `“${node.id.name}” is declared in shared/kinds/registry.ts: import it from there (or give this type a name of its own).`,
      });
    };
    return { TSTypeAliasDeclaration: check, TSInterfaceDeclaration: check };
  },
};
