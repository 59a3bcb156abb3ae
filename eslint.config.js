// Lint for the whole tree: JS and TS recommended rules everywhere, React hook rules in the web app,
// and the import rules of docs/ARCHITECTURE.md ("Folders and what they may import").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The import rules of docs/ARCHITECTURE.md, as `no-restricted-imports` patterns. Imports here are
 * relative, so each pattern is written for the depth of the files it applies to. A file gets one
 * list (a later block replaces the rule of an earlier one), so every list repeats the rules that
 * hold for the whole of its part. Test files of contract/ and server/ (`*.test.ts`, `*.suite.ts`) may
 * use vitest, the test harness and whatever they check, so only the rules for whole parts apply to
 * them; web tests keep to the web rules.
 */
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/*.suite.ts'];
const rule = (message, regex) => ({ regex, message: `${message} (docs/ARCHITECTURE.md)` });

const serverNotWeb = rule('server/ never imports web/', '^(\\./|(\\.\\./)+)web(/|$)');
const serverNotApp = rule('Only server/main.ts and server/test/ import server/app.ts; dependencies are typed in server/deps.ts', '^(\\./|(\\.\\./)+)app$');
const webNotServer = rule('web/ never imports server/', '^(\\.\\./)+server(/|$)');
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const importRules = [
  {
    files: ['contract/**/*.ts'],
    ignores: TESTS,
    rules: restrict(rule('contract/ imports only zod and itself', '^(?!zod$|zod/|\\./)')),
  },
  {
    files: ['server/**/*.ts'],
    rules: restrict(serverNotWeb, serverNotApp),
  },
  {
    files: ['server/main.ts', 'server/test/**/*.ts'],
    rules: restrict(serverNotWeb),
  },
  {
    // A feature uses another one through its `*.service.ts` only; server/content/ (the rich-text
    // sanitiser) is shared by all of them.
    files: ['server/*/*.ts'],
    ignores: [...TESTS, 'server/db/**', 'server/http/**', 'server/test/**'],
    rules: restrict(
      serverNotWeb,
      serverNotApp,
      rule("A server feature imports another feature's *.service.ts only", '^\\.\\./(?!db/|http/|integrations/|content/|\\.\\./contract/)[^./][^/]*/(?![^/]+\\.service$)'),
    ),
  },
  {
    files: ['server/db/*.ts'],
    ignores: TESTS,
    rules: restrict(serverNotWeb, serverNotApp, rule('server/db/ imports only contract/ and itself', '^\\.\\./(?!\\.\\./contract/)')),
  },
  {
    files: ['server/http/*.ts'],
    ignores: TESTS,
    rules: restrict(serverNotWeb, serverNotApp, rule('server/http/ imports only contract/, server/db/ and itself', '^\\.\\./(?!db/|\\.\\./contract/)')),
  },
  {
    files: ['server/integrations/*/*.ts'],
    ignores: TESTS,
    rules: restrict(
      serverNotWeb,
      serverNotApp,
      rule('server/integrations/ imports nothing of the features (only contract/, server/db/, server/http/ and itself)', '^\\.\\./\\.\\./(?!db/|http/|\\.\\./contract/)'),
    ),
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: restrict(webNotServer),
  },
  // A feature uses another one only through its index.ts (`../cart`, never `../cart/components/x`).
  ...['', '*/', '*/*/'].map((sub, depth) => ({
    files: [`web/features/*/${sub}*.{ts,tsx}`],
    rules: restrict(webNotServer, rule('A feature imports another feature only through its index.ts', `^${'\\.\\./'.repeat(depth + 1)}[^./][^/]*/`)),
  })),
  {
    // The app imports features through their index.ts too. The rule reads static imports only, so
    // the route table's lazy screens stay `lazy(() => import('../features/x/some-page'))`, each its own chunk.
    files: ['web/app/*.{ts,tsx}'],
    rules: restrict(webNotServer, rule('web/app/ imports a feature through its index.ts (lazy screens by a dynamic import of the page)', '^\\.\\./features/[^/]+/')),
  },
];

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'data/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'coverage/**'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      // `_`-prefixed names mark arguments a signature requires but the body does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    ignores: ['web/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // The browser code: no Node globals here, so `process` or `Buffer` in a component fails lint.
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat.recommended,
  },
  ...importRules,
);
