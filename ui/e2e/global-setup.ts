import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_PATH } from './support/browser.js';

const root = join(import.meta.dirname, '..', '..');

/**
 * The e2e project needs Debian's Chromium and a built chatbox. Chromium is installed with apt when
 * we run as root (never downloaded by a test tool); otherwise the run stops with what to do.
 */
export default function setup(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    if (process.getuid?.() !== 0) {
      throw new Error(`${CHROMIUM_PATH} is missing: install it with "sudo apt-get install -y chromium", then run the tests again.`);
    }
    console.log('Installing Chromium with apt-get for the browser tests…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
  for (const built of [join(root, 'dist', 'bin', 'chatbox.js'), join(root, 'ui', 'dist', 'index.html')]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run "npm run build" first (npm test does it).`);
  }
}
