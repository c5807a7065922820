// Lint rules for the whole repository: TypeScript's recommended set, the rules of hooks, and the
// import boundaries of the architecture (which folder may import which). Formatting is Prettier's.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import fs from 'node:fs';
import { RAW_DATABASE_NOT_YET_MOVED } from './eslint.rawDatabase.js';

/**
 * An import boundary: these folders may not be imported from the files it applies to. One block per
 * set of files: in flat config a later block's `no-restricted-imports` replaces an earlier one's.
 */
const boundary = (files, forbidden, message, { ignores = [], more = [] } = {}) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message }, ...more] }] },
});

/** The platform never imports an area: it reads what the composition root installed (src/shared/areas.ts). */
const NO_AREAS = { group: ['@areas/*', '@areas/**', '**/areas/**'], message: 'The platform never imports an area: read the installed areas (sharedAreas(), serverAreas(), webAreas()).' };
/** The entry points install the areas (src/areas/server.ts, src/areas/web.ts): the only platform files that name them. */
const ENTRY_POINTS = ['src/server/main.ts', 'src/web/main.tsx'];

/** The areas, one folder each (src/areas/list.ts lists them in order; tests/unit/areas.test.ts checks both agree). */
const AREAS = fs
  .readdirSync('src/areas', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** What each half of an area may not import (the platform's own three halves again). */
const AREA_HALVES = {
  shared: [['@server/*', '@web/*', '@commands/*', '**/server/**', '**/web/**'], "An area's shared half is read by both halves: it imports neither."],
  server: [['@web/*', '@commands/*', '**/web/**'], "An area's server half does not import the web app or its commands."],
  web: [['@server/*', '**/server/**'], "An area's web half talks to the server over HTTP only."],
  tests: [[], ''],
};
/**
 * An area's blocks: its halves' boundaries, and the rule that another area is reached only through
 * its published index (`@areas/devices/server`), never a file inside it nor the composition root.
 */
const areaBlocks = (area) =>
  Object.entries(AREA_HALVES).map(([half, [forbidden, message]]) => ({
    files: [`src/areas/${area}/${half}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...(forbidden.length ? [{ group: forbidden, message }] : []),
            { regex: `^@areas/(?!${area}/)[^/]+/(shared|server|web)/.+`, message: 'Another area only through its index: @areas/<area>/<half>.' },
            { regex: '^@areas/(list|server|web)$', message: 'An area does not import the composition root.' },
          ],
        },
      ],
    },
  }));

const RAW_DATABASE_MESSAGE = "Reach the database through the school's unit of work (inSchool / schoolReads / the work a hook is given), or name the crossing with unscoped(context.db, 'why').";
/** The raw handle, however it is taken from the application's context. */
const RAW_DATABASE_SELECTORS = [
  // context.db, except as the handle given to unscoped / inSchool / schoolReads, or to the kernels that
  // open each operation's school transaction themselves (the ledger's, the day close, a terminal's payments).
  "MemberExpression[object.name='context'][property.name='db']:not(CallExpression[callee.name=/^(unscoped|inSchool|schoolReads|schoolByConditions|ledgerService|ledgerCore|closeDays|terminalPayments|recordGatePasses)$/] > MemberExpression.arguments)",
  // const { db } = context (or ctx, appContext, this.context).
  "VariableDeclarator[init.name=/^(context|ctx|appContext)$/] > ObjectPattern > Property[key.name='db']",
  "VariableDeclarator[init.property.name=/^(context|appContext)$/] > ObjectPattern > Property[key.name='db']",
  // function xRoutes(api, { db, dictionaries }: AppContext), or const { db }: AppContext = …
  "ObjectPattern[typeAnnotation.typeAnnotation.typeName.name='AppContext'] > Property[key.name='db']",
  // the same through Pick<AppContext, …>, Readonly<AppContext> and the like.
  "ObjectPattern[typeAnnotation.typeAnnotation.typeArguments.params.0.typeName.name='AppContext'] > Property[key.name='db']",
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'data/**', '.tmp/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  boundary(
    ['src/shared/**'],
    ['@server/*', '@web/*', '@commands/*', '**/server/**', '**/web/**', '**/commands/**'],
    'src/shared is read by the server, the web app and the commands: it imports none of them.',
    { more: [NO_AREAS] },
  ),
  boundary(['src/server/**'], ['@web/*', '@commands/*', '**/web/**'], 'The server does not import the web app or its commands.', { ignores: ENTRY_POINTS, more: [NO_AREAS] }),
  boundary(['src/server/main.ts'], ['@web/*', '@commands/*', '**/web/**'], 'The server does not import the web app or its commands.'),
  boundary(['commands/**'], ['@web/*', '@server/*'], 'Commands declare what the console can do and import only src/shared; the web app supplies their services.', { more: [NO_AREAS] }),
  boundary(['src/web/**'], ['@server/*', '**/server/**'], 'The web app talks to the server over HTTP only.', { ignores: ENTRY_POINTS, more: [NO_AREAS] }),
  boundary(['src/web/main.tsx'], ['@server/*', '**/server/**'], 'The web app talks to the server over HTTP only.'),
  ...AREAS.flatMap(areaBlocks),
  // Area code reaches the database through the school's unit of work (src/server/db/work.ts); the
  // raw handle only through unscoped('why'). Files not yet moved are listed, and the list only shrinks.
  {
    files: ['src/server/modules/**/*.ts', 'src/areas/*/server/**/*.ts'],
    ignores: RAW_DATABASE_NOT_YET_MOVED,
    rules: {
      'no-restricted-syntax': ['error', ...RAW_DATABASE_SELECTORS.map((selector) => ({ selector, message: RAW_DATABASE_MESSAGE }))],
    },
  },
  prettier,
);
