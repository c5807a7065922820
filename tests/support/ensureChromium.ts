/** Installs Debian's Chromium and CJK fonts when missing; browsers are never downloaded. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { CHROMIUM_PATH } from '../e2e/support/constants';

const hasFonts = () => fs.existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc');

if (!fs.existsSync(CHROMIUM_PATH) || !hasFonts()) {
  if (process.getuid?.() !== 0) {
    console.error(`Chromium or the CJK fonts are missing: run apt-get install -y chromium fonts-noto-cjk as root.`);
    process.exit(1);
  }
  console.log('[e2e] installing chromium and fonts-noto-cjk…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'], { stdio: 'inherit', env });
}
