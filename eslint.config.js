// One lint setup for the whole repository: TypeScript everywhere, React hooks in the app,
// and the app's import direction (app -> features -> shared) held by a rule.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const features = ['auth', 'account', 'notebooks', 'notes', 'attachments', 'sharing', 'transfer'];

// The stack's services. Each depends only on shared code (context/, db/, config/, keys/, lib/,
// outbox/) and the context it is given: never on another service or on the gateway, which only
// server.ts composes.
const services = ['auth', 'rest', 'storage', 'functions', 'inbox', 'realtime'];

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
          ],
        },
      ],
    },
  })),
  // A stack service never imports another service or the gateway.
  ...services.map((service) => ({
    files: [`stack/src/${service}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                ...services.filter((s) => s !== service).map((s) => `**/${s}/*`),
                '**/gateway/*',
                '**/server.ts',
                '**/stack.ts',
              ],
              message: 'a service depends on shared code and its context, never on another service',
            },
          ],
        },
      ],
    },
  })),
  // Shared stack code never imports a service or the gateway.
  {
    files: ['stack/src/{context,db,config,keys,lib,outbox}/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...services.map((s) => `**/${s}/*`), '**/gateway/*', '**/server.ts'],
              message: 'shared stack code must not import services or the gateway',
            },
          ],
        },
      ],
    },
  },
  // REST's pure stages never touch the database: only execute.ts does.
  {
    files: ['stack/src/rest/{parse,plan,sql}/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/*', '../execute.ts', '../../execute.ts'],
              message: 'parse/, plan/ and sql/ are pure: only rest/execute.ts touches the database',
            },
          ],
        },
      ],
    },
  },
  // Storage's SQL lives in its store/ port: no other storage file imports db/. (This block
  // replaces the service rule for these files, so it repeats the service boundary.)
  {
    files: ['stack/src/storage/**'],
    ignores: ['stack/src/storage/store/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                ...services.filter((s) => s !== 'storage').map((s) => `**/${s}/*`),
                '**/gateway/*',
                '**/server.ts',
                '**/stack.ts',
              ],
              message: 'a service depends on shared code and its context, never on another service',
            },
            {
              group: ['**/db/*'],
              message: 'only storage/store/ touches the database: add a named function there',
            },
          ],
        },
      ],
    },
  },
);
