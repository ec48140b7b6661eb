// One lint setup for the whole repository: TypeScript everywhere, React hooks in the app,
// and the app's import direction (app -> features -> shared) held by a rule.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const features = ['auth', 'account', 'notebooks', 'notes', 'attachments', 'sharing'];

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
);
