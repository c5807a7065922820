// Lint rules for the whole repository: TypeScript's recommended set, the rules of hooks, and the
// import boundaries of the architecture (which folder may import which). Formatting is Prettier's.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** An import boundary: these folders may not be imported from the files it applies to. */
const boundary = (files, forbidden, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message }] }] },
});

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
  prettier,
);
