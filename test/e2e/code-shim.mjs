#!/usr/bin/env node
// A stand-in "VS Code executable" for @vscode/test-electron's runTests({ vscodeExecutablePath }).
// runTests only spawns the executable with Electron-style flags and waits for its exit code, so this shim
// translates them: it starts code-server in its own process group with the smoke-test driver enabled, opens
// the workbench in headless Chromium with the extension-test payload in the URL (extensionDevelopmentPath and
// extensionTestsPath as vscode-remote URIs), and exits with the code the extension host reports through
// window.codeAutomationExit. code-server rejects --extensionDevelopmentPath on its own command line, and a
// built workbench ignores the payload without enable-smoke-test-driver.
//
// It reads where the tools are from ASYNCLENS_E2E_TOOLS (a JSON file run.mjs writes) and puts its logs and
// a final screenshot into ASYNCLENS_E2E_ARTIFACTS.
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser } from './lib/browser.mjs';
import { freshProfile, startCodeServer } from './lib/codeServer.mjs';

const argv = process.argv.slice(2);
/** `--name=value` or `--name value`; runTests uses the first form, people the second. */
function option(name) {
  const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  return argv[i].includes('=') ? argv[i].slice(argv[i].indexOf('=') + 1) : argv[i + 1];
}
function options(name) {
  return argv.filter((a) => a.startsWith(`--${name}=`)).map((a) => a.slice(a.indexOf('=') + 1));
}
const valueTaking = new Set(['--user-data-dir', '--extensions-dir', '--extensionTestsPath', '--extensionDevelopmentPath']);
const positional = argv.filter((a, i) => !a.startsWith('-') && !valueTaking.has(argv[i - 1]));

const toolsFile = process.env.ASYNCLENS_E2E_TOOLS;
const artifacts = process.env.ASYNCLENS_E2E_ARTIFACTS;
const timeoutMs = Number(process.env.ASYNCLENS_E2E_EXT_TIMEOUT_MS || 300_000);
const testsPath = option('extensionTestsPath');
const devPaths = options('extensionDevelopmentPath');
const folder = positional[0];
if (!toolsFile || !artifacts || !testsPath || !devPaths.length || !folder) {
  console.error('code-shim: needs ASYNCLENS_E2E_TOOLS and ASYNCLENS_E2E_ARTIFACTS in the environment, and ' +
    '--extensionTestsPath, --extensionDevelopmentPath and a folder on the command line; got', argv.join(' '));
  process.exit(2);
}
const tools = JSON.parse(fs.readFileSync(toolsFile, 'utf8'));
tools.node24Env = { ...process.env, PATH: `${path.dirname(tools.nodeBin)}${path.delimiter}${process.env.PATH}`, npm_config_nodedir: tools.nodeHome };
// Profiles, XDG folders and the browser profile go beside the user-data folder (a scratch folder of its own).
const scratch = option('user-data-dir') ? path.dirname(path.resolve(option('user-data-dir'))) : fs.mkdtempSync(path.join(path.dirname(path.resolve(folder)), 'shim-'));
const userDataDir = freshProfile(path.resolve(option('user-data-dir') ?? path.join(scratch, 'user-data')));
const extensionsDir = path.resolve(option('extensions-dir') ?? path.join(scratch, 'extensions'));
fs.mkdirSync(extensionsDir, { recursive: true });
fs.mkdirSync(artifacts, { recursive: true });

let server;
let browser;
async function cleanUp() {
  await browser?.close();
  await server?.stop();
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => { void cleanUp().finally(() => process.exit(130)); });
}
// runTests spawns this shim as a plain child: when the runner dies without passing a signal on (SIGKILL, or
// SIGTERM sent to the runner alone), stop at once instead of waiting for the test timeout.
const runner = process.ppid;
setInterval(() => {
  try { process.kill(runner, 0); } catch { console.error('[shim] the test runner is gone, stopping'); void cleanUp().finally(() => process.exit(1)); }
}, 1000).unref();

let exitCode = 1;
try {
  server = await startCodeServer(tools, {
    scratch, userDataDir, extensionsDir, smokeTestDriver: true, logFile: path.join(artifacts, 'extension-tests-code-server.log'),
  });
  // run.mjs kills this group too if it is interrupted before the shim can.
  if (process.env.ASYNCLENS_E2E_PIDS) fs.appendFileSync(process.env.ASYNCLENS_E2E_PIDS, `${server.pid}\n`);
  console.log(`[shim] code-server ${server.url} ready in ${server.startupMs} ms`);
  const host = new URL(server.url).host;
  const remote = (p) => `vscode-remote://${host}${path.resolve(p)}`;
  // Only the first development path is passed on: the payload names one extension under test.
  const payload = [['extensionDevelopmentPath', remote(devPaths[0])], ['extensionTestsPath', remote(testsPath)]];
  const url = `${server.url}/?folder=${encodeURIComponent(path.resolve(folder))}&payload=${encodeURIComponent(JSON.stringify(payload))}`;

  browser = await launchBrowser(tools, path.join(scratch, 'chromium-profile'));
  const { page } = browser;
  let resolveExit;
  const exited = new Promise((r) => { resolveExit = r; });
  // The workbench calls these when it finds them on window (the same hooks @vscode/test-web uses).
  // Everything the workbench logs goes to a file; the suite's own lines ([e2e]) and errors also to the console.
  const hostLog = fs.createWriteStream(path.join(artifacts, 'extension-tests-host.log'));
  await page.exposeFunction('codeAutomationLog', (type, args) => {
    const text = (args || []).map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
    hostLog.write(`[${type}] ${text}\n`);
    // Offline the workbench cannot reach open-vsx.org: expected noise, not an error of the tests.
    if (text.startsWith('[e2e]')) console.log(text);
    else if (type === 'error' && !/open-vsx|ENOTFOUND/.test(text)) console.log(`[ext-host error] ${text.split('\n')[0]}`);
  });
  await page.exposeFunction('codeAutomationExit', (code) => resolveExit(code));
  page.on('pageerror', (e) => console.log('[page error]', e.message.split('\n')[0]));
  const t0 = Date.now();
  await page.goto(url);
  let timer;
  const timedOut = new Promise((r) => { timer = setTimeout(() => r('timeout'), timeoutMs); });
  const code = await Promise.race([exited, timedOut]);
  clearTimeout(timer);
  await page.screenshot({ path: path.join(artifacts, 'extension-tests-final.png') }).catch(() => undefined);
  if (code === 'timeout') {
    console.error(`[shim] the extension tests did not finish within ${timeoutMs} ms; screenshot extension-tests-final.png`);
  } else {
    console.log(`[shim] extension host exited with ${code} after ${Date.now() - t0} ms`);
    exitCode = code === 0 ? 0 : 1;
  }
} catch (e) {
  console.error(`[shim] ${e?.stack ?? e}`);
} finally {
  await cleanUp();
}
process.exit(exitCode);
