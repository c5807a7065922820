import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { aliases } from './vite.config.ts';

const here = path.dirname(new URL(import.meta.url).pathname);

// Unit tests (pure logic) and API tests (fastify.inject on a real database) run in Node.
export default defineConfig({
  // Tests may reach the server; the web app may not (tests/unit/boundaries.test.ts).
  resolve: { alias: { ...aliases, '@server': path.join(here, 'src/server') } },
  test: {
    // An area's tests live in its folder: `tests/unit` and `tests/server` there too.
    include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts', 'src/areas/*/tests/{unit,server}/**/*.test.ts'],
    setupFiles: ['tests/support/installAreas.ts'],
    // The sample school is seeded once per run; each API test file's database starts from it.
    globalSetup: ['tests/support/seededDatabase.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each API test file opens its own database; two at a time suit two cores.
    maxWorkers: 2,
  },
});
