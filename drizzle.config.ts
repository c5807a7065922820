import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema (`npm run db:generate`) and committed; the server
// applies them at start on PGlite and on PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  // The platform's tables and each area's (src/areas/<area>/server/tables.ts).
  schema: ['./src/server/db/schema.ts', './src/areas/*/server/tables.ts'],
  out: './src/server/db/migrations',
});
