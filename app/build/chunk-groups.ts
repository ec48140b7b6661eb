// A Vite plugin that puts the signed-in app's first modules into two chunks instead of some
// thirty: `workspace` (the signed-in frame, the workspace with its sidebar and a notebook's list,
// with everything of theirs the entry does not already hold) and `data-client` (supabase-js's
// data client). A first visit then fetches a handful of files rather than queueing dozens behind
// the browser's six connections. Modules a guest page can load (sign-in, sign-up … and anything
// those import, even lazily) stay out of both, so the sign-in page never downloads either chunk;
// so do the entry's own modules. Membership comes from the module graph (planGroups), and
// because no module outside a group imports one inside it, the groups need not pull in their
// dependencies (which would drag the guest pages' shared modules in). A module the entry reaches
// only through a package's index and never uses (@supabase/ssr's client factories, beside the
// cookie utilities it does use) is walked by no closure: the bundle drops it, and supabase-js
// behind it stays the data client's.
import path from 'node:path';
import type { Plugin } from 'vite';
import { DATA_CLIENT, NOTEBOOK_PAGE, SIDEBAR } from './route-modules.ts';

/** What planGroups needs of a module (rolldown's ModuleInfo). */
export interface GraphModule {
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}

export interface GroupPlan {
  /** The entry module (its static closure stays in the entry chunk). */
  entry: string;
  /** The module whose lazy imports are the guest pages. */
  guestRoutes: string;
  /** Each group's name and root modules, in order (an earlier group keeps a shared module). */
  groups: { name: string; roots: string[] }[];
  /** Modules the entry reaches only through a package's index and never uses: tree-shaken away,
   * they are walked through by no closure, so what they import is not the entry's. */
  unusedByEntry?: (id: string) => boolean;
}

type Lookup = (id: string) => GraphModule | null;

/** The modules reachable from roots (through lazy imports too when `dynamic`), not entering
 * the modules in `stop`. */
function closure(
  lookup: Lookup,
  roots: Iterable<string>,
  dynamic: boolean,
  stop: ReadonlySet<string> = new Set(),
): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id) || stop.has(id)) continue;
    const info = lookup(id);
    if (!info) continue;
    seen.add(id);
    stack.push(...info.importedIds);
    if (dynamic) stack.push(...info.dynamicallyImportedIds);
  }
  return seen;
}

/** Module id → group name, for the modules that go into a group. */
export function planGroups(graph: Lookup, plan: GroupPlan): Map<string, string> {
  const unused = plan.unusedByEntry ?? (() => false);
  const lookup: Lookup = (id) => (unused(id) ? null : graph(id));
  const entry = closure(lookup, [plan.entry], false);
  const taken = new Set(entry);
  const guestPages = lookup(plan.guestRoutes)?.dynamicallyImportedIds ?? [];
  if (guestPages.length === 0)
    throw new Error(`chunk-groups: no lazy pages in ${plan.guestRoutes}`);
  // What guest pages load themselves; the entry's lazy imports (the data client …) are not theirs.
  for (const id of closure(lookup, guestPages, true, entry)) taken.add(id);
  const names = new Map<string, string>();
  for (const group of plan.groups) {
    for (const root of group.roots)
      if (!lookup(root)) throw new Error(`chunk-groups: ${root} is not in the build (renamed?)`);
    for (const id of closure(lookup, group.roots, false)) {
      if (taken.has(id)) continue;
      taken.add(id);
      names.set(id, group.name);
    }
  }
  return names;
}

// A notebook's first page with the sidebar beside it, and supabase-js's data client, as the
// route table names them.
const GROUPS = [
  { name: 'workspace', roots: [...NOTEBOOK_PAGE, SIDEBAR] },
  { name: 'data-client', roots: [DATA_CLIENT] },
];

// The entry imports @supabase/ssr's index for its cookie utilities (lib/cookie-storage.ts); the
// client factories beside them, and supabase-js behind those, are dropped from the entry.
const SSR_CLIENT_FACTORIES = /[\\/]@supabase[\\/]ssr[\\/].*[\\/]create(Browser|Server)Client\.js$/;

export function chunkGroups(): Plugin {
  let plan: Map<string, string> | null = null;
  return {
    name: 'sheaf-chunk-groups',
    apply: 'build',
    config(config) {
      const root = path.resolve(config.root ?? process.cwd());
      const at = (file: string) => path.join(root, file);
      const groupPlan: GroupPlan = {
        entry: at('src/main.tsx'),
        guestRoutes: at('src/app/auth-routes.tsx'),
        groups: GROUPS.map((g) => ({ name: g.name, roots: g.roots.map(at) })),
        unusedByEntry: (id) => SSR_CLIENT_FACTORIES.test(id),
      };
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: (id, ctx) => {
                      plan ??= planGroups((m) => ctx.getModuleInfo(m), groupPlan);
                      return plan.get(id) ?? null;
                    },
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
          },
        },
      };
    },
    buildStart() {
      plan = null;
    },
  };
}
