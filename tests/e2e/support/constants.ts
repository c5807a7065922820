/** Debian's Chromium; browsers are never downloaded. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
/** The seeded admin and canteen users share the initial password. */
export const E2E_ADMIN_PASSWORD = 'E2e-Admin-Pass1';
export const SCREENSHOT_DIR = 'test-results/screenshots';
