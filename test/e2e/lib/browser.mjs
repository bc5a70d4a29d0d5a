// Headless Debian Chromium driven by playwright-core from the tool cache, with a throwaway profile.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** playwright-core lives in the tool cache, not in the project's node_modules. */
export function loadPlaywright(playwrightCoreDir) {
  return createRequire(path.join(playwrightCoreDir, 'package.json'))(playwrightCoreDir);
}

export async function launchBrowser({ playwrightCore, chromium, chromiumVersion, playwrightChromiumVersion }, profileDir, viewport = { width: 1440, height: 900 }) {
  const { chromium: driver } = loadPlaywright(playwrightCore);
  fs.mkdirSync(profileDir, { recursive: true });
  let context;
  try {
    context = await driver.launchPersistentContext(profileDir, {
      executablePath: chromium,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport,
      // Chromium writes crashpad and dconf files under XDG folders whatever --user-data-dir says.
      env: { ...process.env, XDG_CONFIG_HOME: path.join(profileDir, 'xdg-config'), XDG_CACHE_HOME: path.join(profileDir, 'xdg-cache') },
      timeout: 60_000,
    });
  } catch (e) {
    throw new Error(`Chromium ${chromiumVersion} (${chromium}) did not start under playwright-core, which expects Chromium ` +
      `${playwrightChromiumVersion}: ${String(e?.message ?? e).split('\n').slice(0, 6).join('\n')}`);
  }
  const page = context.pages()[0] ?? await context.newPage();
  return {
    context,
    page,
    async close() {
      await context.close().catch(() => undefined);
      fs.rmSync(profileDir, { recursive: true, force: true });
    },
  };
}
