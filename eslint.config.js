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

const serverNotWeb = rule('server/ never imports web/', '^(\\.\\./)+web(/|$)');
const serverNotApp = rule('Only server/main.ts and server/test/ import server/app.ts; dependencies are typed in server/deps.ts', '^(\\./|(\\.\\./)+)app$');
const webNotServer = rule('web/ never imports server/', '^(\\.\\./)+server(/|$)');
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/**
 * One block for the files of a server folder and one for each depth of the folders nested in it (two levels down):
 * `make(files, up)` writes it, `up` being the relative way out of the folder (`../`, `../../`, `../../../`) for that depth.
 */
const nestedServer = (folder, make) => ['', '*/', '*/*/'].map((sub, depth) => make([`${folder}/${sub}*.ts`], '\\.\\./'.repeat(depth + 1)));

/**
 * `no-restricted-imports` reads static imports only; this rule holds `import('...')` with a written-out path to the
 * same patterns (a path computed at run time is not something lint can check).
 */
const dynamicImports = {
  meta: { type: 'problem', schema: [{ type: 'object', properties: { patterns: { type: 'array' } }, additionalProperties: false }] },
  create(context) {
    const patterns = (context.options[0]?.patterns ?? []).map((p) => ({ regex: new RegExp(p.regex), message: p.message }));
    return {
      ImportExpression(node) {
        const source = node.source.type === 'Literal' ? node.source.value : node.source.type === 'TemplateLiteral' && node.source.expressions.length === 0 ? node.source.quasis[0].value.cooked : null;
        if (typeof source !== 'string') return;
        const hit = patterns.find((p) => p.regex.test(source));
        if (hit) context.report({ node, message: `'${source}' import is restricted from being used by a pattern. ${hit.message}` });
      },
    };
  },
};
const localPlugin = { rules: { 'no-restricted-dynamic-imports': dynamicImports } };

/** For the web app: the same patterns for static and dynamic imports, unless `dynamic` gives the dynamic ones. */
const restrictWeb = (patterns, dynamic = patterns) => ({
  ...restrict(...patterns),
  'local/no-restricted-dynamic-imports': ['error', { patterns: dynamic }],
});

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
  // A feature uses another one through its `*.service.ts` only, from any depth of its folder (server/orders/groups/ is
  // the orders module's); server/content/ (the rich-text sanitiser) is shared by all of them. server/jobs/ (the
  // background jobs) and server/demo/ (the demo data) compose features through their services under the same rule,
  // and nothing of the features imports them: server/app.ts starts the jobs, server/main.ts loads the demo data.
  ...nestedServer('server/*', (files, up) => ({
    files,
    ignores: [...TESTS, 'server/db/**', 'server/http/**', 'server/i18n/**', 'server/integrations/**', 'server/test/**'],
    rules: restrict(
      serverNotWeb,
      serverNotApp,
      rule("A server feature imports another feature's *.service.ts only", `^${up}(?!db/|http/|integrations/|content/|\\.\\./contract/)[^./][^/]*/(?![^/]+\\.service$)`),
      rule('Only server/app.ts imports server/jobs/ and only server/main.ts server/demo/', `^${up}(jobs|demo)/`),
    ),
  })),
  ...nestedServer('server/db', (files, up) => ({
    files,
    ignores: TESTS,
    rules: restrict(serverNotWeb, serverNotApp, rule('server/db/ imports only contract/ and itself', `^${up}(?!\\.\\./contract/)`)),
  })),
  ...nestedServer('server/http', (files, up) => ({
    files,
    ignores: TESTS,
    rules: restrict(serverNotWeb, serverNotApp, rule('server/http/ imports only contract/, server/db/, server/i18n/ and itself', `^${up}(?!db/|i18n(/|$)|\\.\\./contract/)`)),
  })),
  ...nestedServer('server/i18n', (files, up) => ({
    files,
    ignores: TESTS,
    rules: restrict(serverNotWeb, serverNotApp, rule('server/i18n/ imports only contract/ and itself', `^${up}(?!\\.\\./contract/)`)),
  })),
  ...nestedServer('server/integrations/*', (files, up) => ({
    files,
    ignores: TESTS,
    rules: restrict(
      serverNotWeb,
      serverNotApp,
      rule('server/integrations/ imports nothing of the features (only contract/, server/db/, server/http/ and itself)', `^${up}\\.\\./(?!db/|http/|\\.\\./contract/)`),
    ),
  })),
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: restrictWeb([webNotServer]),
  },
  {
    files: ['web/i18n/*.{ts,tsx}'],
    rules: restrictWeb([webNotServer, rule('web/i18n/ imports only itself', '^\\.\\./')]),
  },
  {
    files: ['web/lib/*.ts'],
    rules: restrictWeb([webNotServer, rule('web/lib/ imports only contract/, web/i18n/ and itself', '^\\.\\./(?!\\.\\./contract/|i18n(/|$))')]),
  },
  {
    files: ['web/components/*.{ts,tsx}'],
    rules: restrictWeb([webNotServer, rule('web/components/ imports only web/lib/, web/i18n/, contract/ and itself', '^\\.\\./(?!lib/|i18n(/|$)|\\.\\./contract/)')]),
  },
  {
    files: ['web/components/*/*.{ts,tsx}'],
    rules: restrictWeb([webNotServer, rule('web/components/ imports only web/lib/, web/i18n/, contract/ and itself', '^\\.\\./\\.\\./(?!lib/|i18n(/|$)|\\.\\./contract/)')]),
  },
  {
    files: ['web/test/*.{ts,tsx}'],
    // Fixtures and the screen harness: contract/, web/lib/ and features through their index.ts.
    rules: restrictWeb([webNotServer, rule('web/test/ imports only contract/, web/lib/, web/i18n/ and features through their index.ts', '^\\.\\./(?!\\.\\./contract/|lib/|i18n(/|$)|features/[^/]+$)')]),
  },
  // A feature uses another one only through its index.ts (`../cart`, never `../cart/components/x`).
  ...['', '*/', '*/*/'].map((sub, depth) => ({
    files: [`web/features/*/${sub}*.{ts,tsx}`],
    rules: restrictWeb([webNotServer, rule('A feature imports another feature only through its index.ts', `^${'\\.\\./'.repeat(depth + 1)}[^./][^/]*/`)]),
  })),
  {
    // The app imports features through their index.ts too, except the route table's lazy screens, each loaded by a
    // dynamic import of its page module (`lazy(() => import('../features/x/some-page'))`) so it stays a chunk of its own.
    files: ['web/app/*.{ts,tsx}'],
    rules: restrictWeb(
      [webNotServer, rule('web/app/ imports a feature through its index.ts (lazy screens by a dynamic import of the page)', '^\\.\\./features/[^/]+/')],
      [webNotServer, rule('web/app/ imports a feature through its index.ts, or a screen by a dynamic import of its page module', '^\\.\\./features/[^/]+/(?![^/]+-page$)')],
    ),
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
  { files: ['web/**/*.{ts,tsx}'], plugins: { local: localPlugin } },
  ...importRules,
  {
    // An endpoint's path is written once, in its declaration in contract/ (docs/decisions/035): code builds addresses
    // with pathOf/urlOf or calls through the web's client. Tests that stub or probe the wire may write addresses.
    files: ['web/**/*.{ts,tsx}', 'server/**/*.ts', 'e2e/**/*.ts'],
    ignores: [...TESTS, 'web/test/**', '**/test-support.tsx', 'server/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/^\\/api\\/[a-z]/]', message: 'Address endpoints through their declaration in contract/ (pathOf, urlOf, api()), not a path string (docs/decisions/035).' },
        { selector: 'TemplateElement[value.raw=/^\\/api\\/[a-z]/]', message: 'Address endpoints through their declaration in contract/ (pathOf, urlOf, api()), not a path string (docs/decisions/035).' },
      ],
    },
  },
);
