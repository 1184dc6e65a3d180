// One lint for every workspace (`npm run check`): typescript-eslint strict type-checked, React hooks,
// no import cycles, and the boundaries between backend modules and between web features.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/** Backend modules: each owns its tables; others reach it only through its `index.ts`. */
const MODULES = [
  'identity',
  'onboarding',
  'marketplace',
  'admin',
  'audit',
  'notifications',
  'storage',
  'maintenance',
  'legacy',
  'privacy',
];
/** Shared infrastructure: modules may use it; it never reaches into a module. */
const INFRA = ['common', 'config', 'database', 'events', 'health', 'mail', 'metrics', 'queues', 'rate-limit', 'telemetry'];
/** Web features: independent of each other; shared code lives in lib/ and components/. */
const FEATURES = [
  'admin',
  'auth',
  'dashboard',
  'landing',
  'marketplace',
  'notifications',
  'onboarding',
  'settings',
  'test-pages',
];

const moduleZones = MODULES.flatMap((target) =>
  MODULES.filter((from) => from !== target).map((from) => ({
    target: `./backend/src/${target}`,
    from: `./backend/src/${from}`,
    except: ['./index.ts'],
    message: `${target} may use ${from} only through ${from}/index.ts (its public surface), never its tables or internals.`,
  })),
);
const infraZones = INFRA.map((target) => ({
  target: `./backend/src/${target}`,
  from: MODULES.map((m) => `./backend/src/${m}`),
  message: `${target} is shared infrastructure: it must not depend on a module.`,
}));
const featureZones = FEATURES.map((target) => ({
  target: `./frontend/src/features/${target}`,
  from: FEATURES.filter((f) => f !== target).map((f) => `./frontend/src/features/${f}`),
  message: 'A feature never imports another feature: share through src/lib or src/components, compose in src/app.',
}));
const sharedZones = [
  {
    target: ['./frontend/src/lib', './frontend/src/components'],
    from: ['./frontend/src/features', './frontend/src/app', './frontend/src/routes'],
    message: 'lib/ and components/ are shared: they never import a feature or the app.',
  },
];

/**
 * A package's internals (`nodemailer/lib/…`, `fastify/lib/…`, `pkg/dist/…`) are not its public api: an
 * upgrade may move or change them without notice. Import the package (or a documented subpath export).
 */
const DEEP_IMPORTS = {
  regex: '^(@[^/]+/)?[^@./][^/]*/(lib|dist|src|build|internal|esm|cjs)(/|$)',
  message: "This is a package's internal path, not its public api: import the package or one of its documented exports.",
};

/** The contract's areas (contracts/src/index.ts `api`). */
const CONTRACT_AREAS = [
  'identity',
  'providers',
  'onboarding',
  'marketplace',
  'admin',
  'files',
  'notifications',
  'health',
  'privacy',
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      '.tools/**',
      '**/coverage/**',
      '**/screenshots/**',
      '.test-results/**',
      '**/.react-email/**',
      'frontend/test-results/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.strictTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['backend/tsconfig.json', 'frontend/tsconfig.json', 'emails/tsconfig.json', 'contracts/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...moduleZones, ...infraZones, ...featureZones, ...sharedZones] }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Nest modules are classes with static factories only.
      '@typescript-eslint/no-extraneous-class': ['error', { allowWithDecorator: true }],
      // Nest declares its option bags as classes of plain data (NestApplicationContextOptions): object
      // literals are how its documentation passes them, and there is no constructor to call instead.
      '@typescript-eslint/no-unsafe-class-instance-assignment': 'off',
    },
  },
  {
    // Tests read JSON answers of any shape (light-my-request's `json()` is `any`) and assert on them:
    // a wrong assumption fails the test. Non-null assertions after an explicit check are fine there.
    files: ['**/test/**/*.ts', '**/*.spec.ts', '**/*.test.{ts,tsx}', '**/e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [DEEP_IMPORTS] }] },
  },
  {
    // README "How to add an endpoint": entities for one aggregate, Kysely for SQL — never a raw string
    // handed to MikroORM's `execute` (its `?` lists are built by hand and checked by nothing).
    files: ['backend/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='execute'][arguments.0.type=/^(Literal|TemplateLiteral)$/]",
          message: 'SQL goes through Kysely (its builder, or its sql`` template with bound values), not a raw string.',
        },
      ],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web app calls the api through `@mashrou/contracts/routes` (each endpoint's method and path)
      // and reads plain values from `@mashrou/contracts/values`: the areas and values of the main entry
      // build zod schemas as they load, which a page then runs for nothing. Forms import their schemas
      // from it (types are free). The TypeScript rule, so that `import type` stays allowed.
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mashrou/contracts',
              importNames: ['api', 'ALL_ENDPOINTS', ...CONTRACT_AREAS, 'fillPath'],
              message: 'Call the api through @mashrou/contracts/routes: its areas carry no schema.',
              allowTypeImports: true,
            },
          ],
          patterns: [
            DEEP_IMPORTS,
            {
              // The contract's plain values (USER_TYPES, MESSAGE_MAX, …) live in its zod-free modules.
              regex: '^@mashrou/contracts$',
              importNamePattern: '^[A-Z][A-Z0-9_]*$',
              message:
                'Import plain values from @mashrou/contracts/values (or /locale, /session): the main entry builds every schema.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  prettier,
);
