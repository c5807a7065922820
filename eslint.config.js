// Lint rules for the whole repository: TypeScript's recommended set, the rules of hooks, and the
// import boundaries of the architecture (which folder may import which). Formatting is Prettier's.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { RAW_DATABASE_NOT_YET_MOVED } from './eslint.rawDatabase.js';

/** An import boundary: these folders may not be imported from the files it applies to. */
const boundary = (files, forbidden, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message }] }] },
});

const RAW_DATABASE_MESSAGE = "Reach the database through the school's unit of work (inSchool / schoolReads / the work a hook is given), or name the crossing with unscoped(context.db, 'why').";
/** The raw handle, however it is taken from the application's context. */
const RAW_DATABASE_SELECTORS = [
  // context.db, except as the handle given to unscoped / inSchool / schoolReads, or to the kernels that
  // open each operation's school transaction themselves (the ledger's, the day close).
  "MemberExpression[object.name='context'][property.name='db']:not(CallExpression[callee.name=/^(unscoped|inSchool|schoolReads|schoolByConditions|ledgerService|ledgerCore|closeDays)$/] > MemberExpression.arguments)",
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
  ),
  boundary(['src/server/**'], ['@web/*', '@commands/*', '**/web/**'], 'The server does not import the web app or its commands.'),
  boundary(['commands/**'], ['@web/*', '@server/*'], 'Commands declare what the console can do and import only src/shared; the web app supplies their services.'),
  boundary(['src/web/**'], ['@server/*', '**/server/**'], 'The web app talks to the server over HTTP only.'),
  // Area code reaches the database through the school's unit of work (src/server/db/work.ts); the
  // raw handle only through unscoped('why'). Files not yet moved are listed, and the list only shrinks.
  {
    files: ['src/server/modules/**/*.ts'],
    ignores: RAW_DATABASE_NOT_YET_MOVED,
    rules: {
      'no-restricted-syntax': ['error', ...RAW_DATABASE_SELECTORS.map((selector) => ({ selector, message: RAW_DATABASE_MESSAGE }))],
    },
  },
  prettier,
);
