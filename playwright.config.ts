import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_ADMIN_PASSWORD } from './tests/e2e/support/constants';

// The config is evaluated by the runner and again by each worker: decide the data folder and
// port once and hand them down through the environment.
process.env.CCU_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'ccu-e2e-'));
process.env.CCU_E2E_PORT ??= String(18_000 + Math.floor(Math.random() * 2000));
const port = Number(process.env.CCU_E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

/** End-to-end tests: Debian's Chromium against the production build served by the real server. */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1366, height: 800 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node --import tsx src/server/main.ts',
    url: `${baseURL}/ccu-boot/home/info/i18n`,
    reuseExistingServer: false,
    // A first start lives the sample school's weeks (a minute or two on a busy machine).
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.CCU_E2E_DATA_DIR,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
    },
  },
});
