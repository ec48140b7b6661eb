// The helper types every generated file ends with — Tables<>, TablesInsert<>, TablesUpdate<>,
// Enums<>, CompositeTypes<> over the default schema (public) or any named one — and the
// Constants object listing each schema's enum values.
import type { Metadata } from './metadata.ts';

const DEFAULT_SCHEMA = 'public';

/** `Name<T, Sub>`: `T` a key of the default schema's sections, or `{ schema }` and a key there. */
function helper(name: string, sections: string[], pick: (of: string) => string): string {
  const within = (root: string) =>
    sections.length === 1
      ? `${root}["${sections[0]}"]`
      : `(${sections.map((s) => `${root}["${s}"]`).join(' & ')})`;
  const named = 'DatabaseWithoutInternals[Options["schema"]]';
  return `export type ${name}<
  Options extends keyof ${within('DefaultSchema')} | { schema: keyof DatabaseWithoutInternals },
  Name extends Options extends { schema: keyof DatabaseWithoutInternals }
    ? keyof ${within(named)}
    : never = never,
> = Options extends { schema: keyof DatabaseWithoutInternals }
  ? ${pick(`${within(named)}[Name]`)}
  : Options extends keyof ${within('DefaultSchema')}
    ? ${pick(`${within('DefaultSchema')}[Options]`)}
    : never`;
}

const member = (key: string) => (of: string) => `${of} extends { ${key}: infer T } ? T : never`;
const itself = (of: string) => of;

export function helperTypes(meta: Metadata): string {
  const constants = [...meta.schemas]
    .sort((a, b) => a.localeCompare(b))
    .map((schema) => {
      const enums = meta.types
        .filter((t) => t.schema === schema && t.enums.length > 0)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map(
          (t) => `${JSON.stringify(t.name)}: [${t.enums.map((v) => JSON.stringify(v)).join(', ')}]`,
        );
      return `${JSON.stringify(schema)}: {\nEnums: {\n${enums.join(',\n')}\n}\n}`;
    });
  return [
    `type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">`,
    `type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, ${JSON.stringify(DEFAULT_SCHEMA)}>]`,
    helper('Tables', ['Tables', 'Views'], member('Row')),
    helper('TablesInsert', ['Tables'], member('Insert')),
    helper('TablesUpdate', ['Tables'], member('Update')),
    helper('Enums', ['Enums'], itself),
    helper('CompositeTypes', ['CompositeTypes'], itself),
    `export const Constants = {\n${constants.join(',\n')}\n} as const`,
  ].join('\n\n');
}
