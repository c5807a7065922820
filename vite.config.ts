import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const here = path.dirname(new URL(import.meta.url).pathname);

export const aliases = {
  '@shared': path.join(here, 'src/shared'),
  '@web': path.join(here, 'src/web'),
  '@commands': path.join(here, 'commands'),
  '@areas': path.join(here, 'src/areas'),
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
    // The largest chunks load only when first needed, never with the first screen: AG Grid's
    // modules (~860 kB, the first grid screen), ECharts (~550 kB, the first chart) and the
    // palette's pinyin search (~310 kB, the first Ctrl+K). Anything past this is new and worth a look.
    chunkSizeWarningLimit: 900,
  },
  server: {
    port: 5173,
    proxy: { '/ccu-boot': { target: 'http://localhost:8080', ws: true } },
  },
});
