import { describe, expect, it } from 'vitest';
import { planGroups, type GraphModule } from './chunk-groups.ts';

/** A module graph: id → [static imports, lazy imports]. */
function graph(modules: Record<string, [string[], string[]?]>) {
  return (id: string): GraphModule | null => {
    const m = modules[id];
    return m ? { importedIds: m[0], dynamicallyImportedIds: m[1] ?? [] } : null;
  };
}

const lookup = graph({
  main: [['router', 'client', 'barrel'], []],
  router: [['auth-routes'], ['frame', 'list', 'settings']],
  'auth-routes': [[], ['sign-in']],
  client: [[], ['data']],
  barrel: [['used-by-entry', 'unused-factory']],
  'unused-factory': [['supabase-js']],
  'used-by-entry': [[]],
  'sign-in': [['text-field', 'client'], ['phone']],
  phone: [['phone-lib']],
  'phone-lib': [[]],
  'text-field': [[]],
  frame: [['text-field', 'shortcuts', 'barrel']],
  shortcuts: [[]],
  list: [['list-item', 'phone-lib', 'shared-with-data']],
  'list-item': [[]],
  settings: [['shortcuts']],
  data: [['supabase-js', 'shared-with-data']],
  'supabase-js': [[]],
  'shared-with-data': [[]],
});

const plan = {
  entry: 'main',
  guestRoutes: 'auth-routes',
  groups: [
    { name: 'workspace', roots: ['frame', 'list'] },
    { name: 'data-client', roots: ['data'] },
  ],
  unusedByEntry: (id: string) => id === 'unused-factory',
};

describe('planGroups', () => {
  it('groups the roots with what they import that neither the entry nor a guest page holds', () => {
    const names = planGroups(lookup, plan);
    expect(Object.fromEntries(names)).toEqual({
      frame: 'workspace',
      shortcuts: 'workspace',
      list: 'workspace',
      'list-item': 'workspace',
      'shared-with-data': 'workspace',
      data: 'data-client',
      'supabase-js': 'data-client',
    });
  });

  it('leaves out what a guest page loads, even lazily, so sign-in never needs a group', () => {
    const names = planGroups(lookup, plan);
    for (const id of ['text-field', 'phone-lib', 'sign-in']) expect(names.has(id)).toBe(false);
  });

  it('leaves out the entry’s own modules', () => {
    const names = planGroups(lookup, plan);
    for (const id of ['main', 'client', 'barrel', 'used-by-entry'])
      expect(names.has(id)).toBe(false);
  });

  it('does not count as the entry’s what a module the entry never uses imports', () => {
    expect(planGroups(lookup, plan).get('supabase-js')).toBe('data-client');
    expect(planGroups(lookup, plan).has('unused-factory')).toBe(false);
    const { unusedByEntry: _, ...counted } = plan;
    expect(planGroups(lookup, counted).has('supabase-js')).toBe(false);
  });

  it('fails the build when a root is missing (a renamed module)', () => {
    expect(() =>
      planGroups(lookup, { ...plan, groups: [{ name: 'x', roots: ['renamed'] }] }),
    ).toThrow(/renamed/);
  });
});
