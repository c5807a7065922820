import { defineConfig } from 'vitest/config';
import { aliases } from './vite.config';

// Unit tests (pure logic) and API tests (fastify.inject on a real database) run in Node.
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each API test file opens its own database; two at a time suit two cores.
    maxWorkers: 2,
  },
});
