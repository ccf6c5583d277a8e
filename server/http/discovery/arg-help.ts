/**
 * An endpoint argument as WordPress describes it in the index with `?context=help`
 * (`WP_REST_Server::get_data_for_route`): the schema keywords of the argument, then `required`.
 * Everything comes from the zod schema that validates the argument (its type, enum, format, the
 * description in its `.meta()`, the default it parses to), so the help cannot drift from what is
 * served.
 */
import { z } from 'zod';

type JsonSchema = {
  type?: string | string[];
  description?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

type ArgHelp = {
  description?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  items?: { type?: string | string[]; enum?: unknown[] };
  default?: unknown;
  minimum?: number;
  maximum?: number;
  required: boolean;
};

/** The JSON types a schema accepts; a constant integer (`z.literal(0)`) counts as an integer. */
function typesOf(schema: JsonSchema): string[] {
  const members = schema.anyOf ?? schema.oneOf;
  if (members) return members.flatMap(typesOf);
  if (Number.isInteger(schema.const)) return ['integer'];
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** WordPress's `type`: one name, or a list when several are accepted; undefined for "any". */
function wpType(schema: JsonSchema): string | string[] | undefined {
  const types = [...new Set(typesOf(schema))];
  // An integer is a number: "integer or number" says no more than "number".
  const merged = types.includes('number') ? types.filter((type) => type !== 'integer') : types;
  if (merged.length === 0) return undefined;
  return merged.length === 1 ? merged[0] : merged;
}

/** `enum` of the schema, or of a union of constants and enums (`"" | "a" | "b"`). */
function enumOf(schema: JsonSchema): unknown[] | undefined {
  if (schema.enum) return schema.enum;
  const members = schema.anyOf ?? schema.oneOf;
  if (!members?.every((member) => member.enum || 'const' in member)) return undefined;
  return members.flatMap((member) => member.enum ?? [member.const]);
}

/** The value the server uses when the argument is not sent, if it is one a client can send. */
function defaultOf(field: z.ZodType): unknown {
  const parsed = field.safeParse(undefined);
  if (!parsed.success || parsed.data === undefined) return undefined;
  const value = parsed.data;
  const plain = (item: unknown) => ['string', 'number', 'boolean'].includes(typeof item);
  return plain(value) || (Array.isArray(value) && value.every(plain)) ? value : undefined;
}

export function argHelp(field: z.ZodType, required: boolean, fallbackDescription?: string) {
  const json = z.toJSONSchema(field, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const help: Omit<ArgHelp, 'required'> = {};
  const description = json.description ?? fallbackDescription;
  if (description !== undefined) help.description = description;
  const type = wpType(json);
  if (type !== undefined) help.type = type;
  if (json.format !== undefined) help.format = json.format;
  const values = enumOf(json);
  if (values !== undefined) help.enum = values;
  // The items of the list, or of the list one of the accepted forms is (a cost: text or list).
  const items = json.items ?? (json.anyOf ?? json.oneOf)?.find((member) => member.items)?.items;
  if (items) {
    const itemType = wpType(items);
    const itemValues = enumOf(items);
    help.items = {
      ...(itemType === undefined ? {} : { type: itemType }),
      ...(itemValues === undefined ? {} : { enum: itemValues }),
    };
  }
  const fallback = defaultOf(field);
  if (fallback !== undefined) help.default = fallback;
  // Bounds a schema states in its `.meta()` (a checker of its own enforces them; zod's own
  // integers would say ±2^53), after the default as WordPress lists them.
  const stated = (field.meta() ?? {}) as { minimum?: unknown; maximum?: unknown };
  if (typeof stated.minimum === 'number') help.minimum = stated.minimum;
  if (typeof stated.maximum === 'number') help.maximum = stated.maximum;
  return { ...help, required } satisfies ArgHelp;
}
