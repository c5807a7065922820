import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { aliases } from '../../../vite.config.ts';

const here = path.dirname(new URL(import.meta.url).pathname);

// A production build of the benchmark page, so the numbers are those of the shipped grid.
export default defineConfig({
  root: here,
  base: './',
  plugins: [react(), tailwindcss()],
  resolve: { alias: aliases },
  logLevel: 'warn',
  build: { outDir: path.resolve(here, '../../../.tmp/bench-grid'), emptyOutDir: true, chunkSizeWarningLimit: 5000 },
});
