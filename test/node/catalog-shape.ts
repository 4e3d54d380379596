// What a catalog.json component says (its properties, required list and enums) and the same read from one of our
// Zod schemas: the catalog tests compare the two.
import * as z from 'zod/mini';

type Json = Record<string, unknown>;

/** Properties, required list and enums of a catalog.json component (its allOf, with the common parts resolved). */
export function expectedShape(schema: Json): { props: string[]; required: string[]; enums: Record<string, unknown> } {
  const props = new Set<string>();
  const required = new Set<string>();
  const enums: Record<string, unknown> = {};
  for (const part of schema['allOf'] as Json[]) {
    const ref = part['$ref'] as string | undefined;
    if (ref?.endsWith('/ComponentCommon')) {
      props.add('id').add('accessibility');
      required.add('id');
    } else if (ref?.endsWith('/CatalogComponentCommon')) props.add('weight');
    else if (ref?.endsWith('/Checkable')) props.add('checks');
    else {
      for (const [name, prop] of Object.entries(part['properties'] as Record<string, Json>)) {
        props.add(name);
        if (prop['enum']) enums[name] = [...(prop['enum'] as string[])].sort();
      }
      for (const name of (part['required'] as string[] | undefined) ?? []) required.add(name);
    }
  }
  return { props: [...props].sort(), required: [...required].sort(), enums };
}

export function ourShape(schema: z.ZodMiniType): { props: string[]; required: string[]; enums: Record<string, unknown>; strict: boolean } {
  const json = z.toJSONSchema(schema, { unrepresentable: 'any' }) as Json;
  const properties = json['properties'] as Record<string, Json>;
  const enums: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(properties)) if (prop['enum']) enums[name] = [...(prop['enum'] as string[])].sort();
  return {
    props: Object.keys(properties).sort(),
    required: [...((json['required'] as string[] | undefined) ?? [])].sort(),
    enums,
    strict: json['additionalProperties'] === false,
  };
}

