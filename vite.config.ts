import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const here = path.dirname(new URL(import.meta.url).pathname);

export const aliases = {
  '@shared': path.join(here, 'src/shared'),
  '@web': path.join(here, 'src/web'),
  '@commands': path.join(here, 'commands'),
};

// The web app lives in src/web; `npm run build` writes dist/, which the server serves.
export default defineConfig({
  root: path.join(here, 'src/web'),
  plugins: [react(), tailwindcss()],
  resolve: { alias: aliases },
  envPrefix: 'CCU_',
  build: {
    outDir: path.join(here, 'dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5173,
    proxy: { '/ccu-boot': { target: 'http://localhost:8080', ws: true } },
  },
});
