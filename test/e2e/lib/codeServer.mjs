// Starts code-server (the VS Code 1.139 workbench with a Node extension host) on 127.0.0.1 with a fresh
// profile, in its own process group, and installs the packaged extension into an extensions folder.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnGroup, stopGroup } from './processes.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const QUIET_SETTINGS_FILE = path.join(here, '..', 'settings.json');

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Environment for code-server: Node 24 first on PATH, and XDG folders inside the scratch folder, not $HOME. */
export function codeServerEnv(tools, scratch) {
  return {
    ...tools.node24Env,
    XDG_CONFIG_HOME: path.join(scratch, 'xdg', 'config'),
    XDG_DATA_HOME: path.join(scratch, 'xdg', 'data'),
    XDG_CACHE_HOME: path.join(scratch, 'xdg', 'cache'),
  };
}

/** A fresh user-data folder with the quiet workbench settings plus `extra`. */
export function freshProfile(dir, extra = {}) {
  fs.mkdirSync(path.join(dir, 'User'), { recursive: true });
  const settings = { ...JSON.parse(fs.readFileSync(QUIET_SETTINGS_FILE, 'utf8')), ...extra };
  fs.writeFileSync(path.join(dir, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
  return dir;
}

/**
 * Installs a .vsix into `extensionsDir` through code-server itself (it checks the manifest the way the
 * workbench will) and returns the folder the extension landed in.
 */
export function installVsix(tools, vsix, extensionsDir, scratch) {
  fs.mkdirSync(extensionsDir, { recursive: true });
  const userData = path.join(scratch, 'install-profile');
  const r = spawnSync(tools.codeServerBin, ['--user-data-dir', userData, '--extensions-dir', extensionsDir, '--install-extension', vsix],
    { env: codeServerEnv(tools, scratch), encoding: 'utf8', timeout: 120_000 });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (r.status !== 0 || !/successfully installed/i.test(output)) {
    throw new Error(`code-server --install-extension ${path.basename(vsix)} failed (exit ${r.status}):\n${output.slice(-2000)}`);
  }
  const manifest = readVsixManifest(extensionsDir);
  if (!manifest) throw new Error(`the extension is not in ${extensionsDir} after installing ${vsix}`);
  return manifest;
}

function readVsixManifest(extensionsDir) {
  for (const name of fs.readdirSync(extensionsDir)) {
    const pkg = path.join(extensionsDir, name, 'package.json');
    if (fs.existsSync(pkg)) {
      const json = JSON.parse(fs.readFileSync(pkg, 'utf8'));
      if (json.name === 'asynclens') return { folder: path.join(extensionsDir, name), id: `${json.publisher}.${json.name}`, version: json.version };
    }
  }
  return undefined;
}

/**
 * Starts code-server and waits until /healthz answers. `smokeTestDriver` lets the workbench accept the
 * extension-test payload in its URL (the extension integration tests need it; the UI scenarios do not).
 */
export async function startCodeServer(tools, { scratch, userDataDir, extensionsDir, logFile, smokeTestDriver = false, timeoutMs = 30_000 }) {
  const port = await freePort();
  const config = path.join(userDataDir, 'code-server.yaml');
  fs.mkdirSync(userDataDir, { recursive: true });
  fs.writeFileSync(config, `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
  const args = [
    '--config', config, '--bind-addr', `127.0.0.1:${port}`, '--auth', 'none',
    '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir,
    '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust', '--disable-getting-started-override',
    // Without this each closed tab keeps its extension host alive for hours.
    '--ignore-last-opened', '--reconnection-grace-time', '5',
  ];
  if (smokeTestDriver) args.push('--vscode-option', 'enable-smoke-test-driver');
  // For debugging a failure, e.g. ASYNCLENS_E2E_CODE_SERVER_ARGS="--log trace" keeps the language client's protocol trace.
  if (process.env.ASYNCLENS_E2E_CODE_SERVER_ARGS) args.push(...process.env.ASYNCLENS_E2E_CODE_SERVER_ARGS.split(/\s+/).filter(Boolean));
  const t0 = Date.now();
  const child = spawnGroup(tools.codeServerBin, args, { env: codeServerEnv(tools, scratch), logFile });
  let exited = null;
  child.on('exit', (code, signal) => { exited = { code, signal }; });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      const r = await fetch(`${url}/healthz`);
      if (r.ok) break;
    } catch { /* not listening yet */ }
    if (exited || Date.now() - t0 > timeoutMs) {
      const tail = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-2000) : '';
      await stopGroup(child.pid);
      throw new Error(`code-server ${exited ? `exited (${JSON.stringify(exited)})` : `did not answer /healthz within ${timeoutMs} ms`}; log ${logFile}:\n${tail}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, port, pid: child.pid, startupMs: Date.now() - t0, stop: () => stopGroup(child.pid) };
}
