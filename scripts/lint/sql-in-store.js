// ESLint rule: SQL's text lives in server/store/. A string or template literal that reads as a
// statement (SELECT … FROM, INSERT INTO, UPDATE … SET, DELETE FROM, CREATE TABLE/INDEX…) outside
// the store is a query the store does not know about: a schema change misses it. Keywords are
// matched in capitals, as the house writes SQL, so English ("Select a venue from the list") is
// left alone; running SQL of any case outside the store is refused by the `.prepare(` rule.
const STATEMENT =
  /\bSELECT\b[\s\S]*\bFROM\b|\bINSERT\s+(?:OR\s+[A-Z]+\s+)?INTO\b|\bUPDATE\s+\w+\s+SET\b|\bDELETE\s+FROM\b|\bCREATE\s+(?:UNIQUE\s+|VIRTUAL\s+)?(?:TABLE|INDEX|TRIGGER|VIEW)\b/;

const STORE = /(^|\/)server\/store\//;

/** @type {import('eslint').Rule.RuleModule} */
export const sqlInStore = {
  meta: {
    type: 'problem',
    docs: { description: 'SQL text is written only in server/store/.' },
    schema: [],
  },
  create(context) {
    if (STORE.test(context.filename)) return {};
    const report = (node) =>
      context.report({
        node,
        message:
          'SQL lives in server/store/: move the statement into a repository there and call it.',
      });
    return {
      Literal(node) {
        if (typeof node.value === 'string' && STATEMENT.test(node.value)) report(node);
      },
      TemplateLiteral(node) {
        const text = node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join(' ');
        if (STATEMENT.test(text)) report(node);
      },
    };
  },
};
