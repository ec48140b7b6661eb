// One lint setup for the whole repository: TypeScript everywhere, React hooks in the app,
// and the app's import direction (app -> features -> shared) held by a rule.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const features = [
  'auth',
  'account',
  'notebooks',
  'notes',
  'attachments',
  'sharing',
  'transfer',
  'comments',
  'notifications',
];

// The stack's services. Each depends only on shared code (context/, db/, config/, keys/, lib/,
// outbox/) and the context it is given: never on another service or on the gateway, which only
// server.ts composes.
const services = ['auth', 'rest', 'storage', 'functions', 'inbox', 'realtime'];
/** Services whose SQL lives in one port folder: nothing else in the service imports db/. */
const databasePorts = { auth: 'store', storage: 'store', realtime: 'store' };

// The app uses only its libraries' public entry points, never a file inside a package's build
// output (a library's internals change in any release). A test may reach one, with a comment
// saying why (eslint-disable-next-line no-restricted-imports).
const publicEntriesOnly = {
  group: ['**/dist/**', '**/dist'],
  message: "import the package's public entry, not a file of its build output",
};

function restrictImports(files, patterns, extra = {}) {
  return { files, ...extra, rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

function serviceBoundary(service) {
  return {
    group: [
      ...services.filter((s) => s !== service).map((s) => `**/${s}/*`),
      '**/gateway/*',
      '**/server.ts',
      '**/stack.ts',
    ],
    message: 'a service depends on shared code and its context, never on another service',
  };
}

function databaseOnlyIn(service, port) {
  return {
    group: ['**/db/*'],
    message: `only ${service}/${port}/ touches the database: add a named function there`,
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.sheaf/**',
      'supabase/functions/**',
      'e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['app/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // (The blocks below for lib/, ui/ and each feature repeat the rule, as the last block decides.)
  restrictImports(['app/**/*.{ts,tsx}'], [publicEntriesOnly]),
  // Shared code (lib/, ui/) never imports a feature.
  {
    files: ['app/src/lib/**', 'app/src/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...features.map((f) => `**/${f}/*`), '**/app/*'],
              message: 'shared code must not import features or app/',
            },
            publicEntriesOnly,
          ],
        },
      ],
    },
  },
  // A feature never imports another feature.
  ...features.map((feature) => ({
    files: [`app/src/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...features.filter((f) => f !== feature).map((f) => `**/${f}/*`), '**/app/*'],
              message: 'features do not import each other or app/',
            },
            publicEntriesOnly,
          ],
        },
      ],
    },
  })),
  // A stack service never imports another service or the gateway; where it has a database port,
  // only that port imports db/. (One block per folder: in flat config the last block matching a
  // file decides a rule, so a folder's block carries every boundary that applies to it.)
  ...services.flatMap((service) => {
    const port = databasePorts[service];
    const boundary = serviceBoundary(service);
    if (!port) return [restrictImports([`stack/src/${service}/**`], [boundary])];
    return [
      restrictImports([`stack/src/${service}/**`], [boundary, databaseOnlyIn(service, port)], {
        ignores: [`stack/src/${service}/${port}/**`],
      }),
      restrictImports([`stack/src/${service}/${port}/**`], [boundary]),
    ];
  }),
  // REST's pure stages never touch the database: only execute.ts does.
  restrictImports(
    ['stack/src/rest/{parse,plan,sql}/**'],
    [
      serviceBoundary('rest'),
      {
        group: ['**/db/*', '../execute.ts', '../../execute.ts'],
        message: 'parse/, plan/ and sql/ are pure: only rest/execute.ts touches the database',
      },
    ],
  ),
  // Shared stack code never imports a service or the gateway.
  restrictImports(
    ['stack/src/{context,db,config,keys,lib,outbox}/**'],
    [
      {
        group: [...services.map((s) => `**/${s}/*`), '**/gateway/*', '**/server.ts'],
        message: 'shared stack code must not import services or the gateway',
      },
    ],
  ),
);
