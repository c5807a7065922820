import { build } from 'vite';

/**
 * `npm start`: builds the console's web app, then starts the server — saying what it is doing at
 * each step, so a first start (build, migrations, the sample school) is never a silent minute.
 */
const started = Date.now();
console.log('  [1/3] Building the web app (vite)…');
await build({ logLevel: 'warn' });
console.log(`        built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await import('../src/server/main');
