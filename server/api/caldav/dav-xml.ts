/**
 * WebDAV's XML, read and written with fast-xml-parser: a request body becomes a tree of
 * elements named by namespace and local name (clients pick any prefixes: `D:`, `d:`, `A:`, or
 * a default namespace), and an answer is written from such a tree with fixed prefixes.
 */
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';

export const DAV = 'DAV:';
export const CALDAV = 'urn:ietf:params:xml:ns:caldav';
export const CALSERVER = 'http://calendarserver.org/ns/';
export const APPLE = 'http://apple.com/ns/ical/';

/** The prefixes answers use. */
const PREFIXES: Record<string, string> = {
  [DAV]: 'd',
  [CALDAV]: 'c',
  [CALSERVER]: 'cs',
  [APPLE]: 'ical',
};

export type XmlElement = {
  ns: string;
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
};

/** An element for an answer: children, or a text. */
export const element = (
  ns: string,
  name: string,
  content: XmlElement[] | string = [],
  attributes: Record<string, string> = {},
): XmlElement => ({
  ns,
  name,
  attributes,
  children: typeof content === 'string' ? [] : content,
  text: typeof content === 'string' ? content : '',
});

type Ordered = Record<string, unknown> & { ':@'?: Record<string, string> };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
});

function fromOrdered(node: Ordered, scope: Record<string, string>): XmlElement | undefined {
  const tag = Object.keys(node).find((key) => key !== ':@' && key !== '#text');
  if (!tag || tag.startsWith('?')) return undefined;
  const attributes = node[':@'] ?? {};
  const inner: Record<string, string> = { ...scope };
  for (const [key, value] of Object.entries(attributes)) {
    if (key === 'xmlns') inner[''] = value;
    else if (key.startsWith('xmlns:')) inner[key.slice(6)] = value;
  }
  const colon = tag.indexOf(':');
  const prefix = colon < 0 ? '' : tag.slice(0, colon);
  const children: XmlElement[] = [];
  let text = '';
  for (const child of (node[tag] as Ordered[] | undefined) ?? []) {
    if ('#text' in child) text += String(child['#text']);
    else {
      const read = fromOrdered(child, inner);
      if (read) children.push(read);
    }
  }
  return { ns: inner[prefix] ?? '', name: tag.slice(colon + 1), attributes, children, text };
}

/** A request body's root element; undefined for an empty body, null for one that is not XML. */
export function parseXml(body: string): XmlElement | undefined | null {
  if (!body.trim()) return undefined;
  if (XMLValidator.validate(body) !== true) return null;
  const nodes = parser.parse(body) as Ordered[];
  for (const node of nodes) {
    const root = fromOrdered(node, {});
    if (root) return root;
  }
  return undefined;
}

export const childOf = (parent: XmlElement | undefined, ns: string, name: string) =>
  parent?.children.find((child) => child.ns === ns && child.name === name);

export const childrenOf = (parent: XmlElement | undefined, ns: string, name: string) =>
  parent?.children.filter((child) => child.ns === ns && child.name === name) ?? [];

const builder = new XMLBuilder({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  suppressEmptyNode: true,
  processEntities: true,
});

function toOrdered(node: XmlElement): Ordered {
  const attributes: Record<string, string> = { ...node.attributes };
  const prefix = PREFIXES[node.ns];
  // A property the client asked for in a namespace of its own: declared where it is used.
  if (!prefix) attributes.xmlns = node.ns;
  const children: Ordered[] = node.text
    ? [{ '#text': node.text }]
    : node.children.map((child) => toOrdered(child));
  const ordered: Ordered = { [prefix ? `${prefix}:${node.name}` : node.name]: children };
  if (Object.keys(attributes).length > 0) ordered[':@'] = attributes;
  return ordered;
}

/** An answer's XML document, with the namespaces it uses declared on its root. */
export function writeXml(root: XmlElement): string {
  const attributes = { ...root.attributes };
  for (const [ns, prefix] of Object.entries(PREFIXES)) attributes[`xmlns:${prefix}`] = ns;
  const body = builder.build([toOrdered({ ...root, attributes })]);
  return `<?xml version="1.0" encoding="utf-8"?>\n${body}`;
}
