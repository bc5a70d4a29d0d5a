// `npm run test:e2e`: AsyncLens tested end to end in the VS Code 1.139 workbench (code-server 4.139.1)
// driven by headless Debian Chromium. It installs or reuses the editor tooling in a cache folder outside the
// project's dependencies, packages the .vsix, installs it into a fresh code-server profile and runs two layers
// against fresh copies of the sample workspace:
//   1. extension integration tests (suite/index.js) through @vscode/test-electron's runTests, whose
//      vscodeExecutablePath is code-shim.mjs (code-server + Chromium + the extension-test payload route);
//   2. UI scenarios (ui/scenarios.mjs) with Playwright, screenshotting every step.
// The last line it prints is `N passed, N failed` over both layers; the exit code is 1 when anything failed.
//
// Options: --layer=extension|ui|all (default all), --keep (keep the scratch folder with profiles and logs),
// --no-package (reuse asynclens.vsix as it is), --update-screenshots (copy the cropped README pictures of a
// green UI run into test/e2e/screenshots/). Environment: ASYNCLENS_E2E_CACHE (tool cache folder),
// CHROMIUM_PATH, ASYNCLENS_E2E_ALLOW_BROWSER_DRIFT=1.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ToolError, VERSIONS, ensureTools } from './lib/tools.mjs';
import { freshProfile, installVsix, startCodeServer } from './lib/codeServer.mjs';
import { adoptGroup, adoptGroupsListedIn, startMemorySampler, stopGroup, writeJson } from './lib/processes.mjs';
import { launchBrowser } from './lib/browser.mjs';
import { REPO_ROOT, freshWorkspace, writeLargeFile } from './lib/workspace.mjs';
import { runScenarios } from './ui/scenarios.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const layer = (args.find((a) => a.startsWith('--layer='))?.split('=')[1]) ?? 'all';
const keep = args.includes('--keep');
const repackage = !args.includes('--no-package');
const updateScreenshots = args.includes('--update-screenshots');
if (!['all', 'extension', 'ui'].includes(layer)) {
  console.error(`unknown --layer=${layer}; use extension, ui or all`);
  process.exit(2);
}

const runStarted = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const runId = new Date().toISOString().replace(/[:.]/g, '-').replace('Z', '');
const artifacts = path.join(here, 'artifacts', runId);
fs.mkdirSync(artifacts, { recursive: true });
// Keep the ten most recent runs' artifacts; older ones only fill the disk.
for (const old of fs.readdirSync(path.dirname(artifacts)).sort().reverse().slice(10)) {
  fs.rmSync(path.join(path.dirname(artifacts), old), { recursive: true, force: true });
}
const timings = { phases: {}, extensionTests: [], scenarios: [] };
const results = [];
function record(layerName, name, status, ms, message = '') {
  results.push({ layer: layerName, name, status, ms, message });
}

function phase(name, fn) {
  const t0 = Date.now();
  console.log(`\n== ${name}`);
  const done = (value) => { timings.phases[name] = Date.now() - t0; console.log(`   ${name}: ${seconds(Date.now() - t0)}`); return value; };
  const value = fn();
  return value instanceof Promise ? value.then(done, (e) => { done(); throw e; }) : done(value);
}

/** Copies the extension host's and AsyncLens's output logs of a code-server profile, for reading failures. */
function copyOutputLogs(logsDir, target) {
  if (!fs.existsSync(logsDir)) return;
  const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  for (const file of walk(logsDir).filter((f) => /AsyncLens|remoteexthost|exthost\.log/i.test(path.basename(f)))) {
    fs.mkdirSync(target, { recursive: true });
    fs.copyFileSync(file, path.join(target, path.basename(file)));
  }
}

let scratch;
let memory;
let exitCode = 1;
try {
  const tools = phase('tools', () => ensureTools({ log: (l) => console.log(`   ${l}`) }));
  console.log(`   code-server ${VERSIONS.codeServer} on Node ${VERSIONS.node}; Chromium ${tools.chromiumVersion} (playwright-core drives ${tools.playwrightChromiumVersion}); cache ${tools.root}`);
  // The shim runs in its own process: it reads where the tools are from this file (the environment it
  // needs for Node 24 is rebuilt there from nodeBin and nodeHome).
  const toolsOnDisk = { ...tools };
  delete toolsOnDisk.node24Env;
  const toolsFile = path.join(artifacts, 'tools.json');
  writeJson(toolsFile, toolsOnDisk);

  const vsix = path.join(REPO_ROOT, 'asynclens.vsix');
  phase('package', () => {
    if (!repackage && fs.existsSync(vsix)) return;
    const before = fs.existsSync(vsix) ? fs.statSync(vsix).mtimeMs : 0;
    const r = spawnSync('npm', ['run', 'package'], { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
    fs.writeFileSync(path.join(artifacts, 'package.log'), `${r.stdout}${r.stderr}`);
    if (r.status !== 0 || !fs.existsSync(vsix) || fs.statSync(vsix).mtimeMs <= before) {
      throw new Error(`npm run package did not produce asynclens.vsix (exit ${r.status}):\n${`${r.stdout}${r.stderr}`.slice(-3000)}`);
    }
    console.log(`   asynclens.vsix ${(fs.statSync(vsix).size / 1024).toFixed(0)} KiB`);
  });

  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-e2e-'));
  memory = startMemorySampler();
  const pidsFile = path.join(scratch, 'process-groups.txt');
  fs.writeFileSync(pidsFile, '');
  adoptGroupsListedIn(pidsFile);
  const extensionsDir = path.join(scratch, 'extensions');
  const installed = phase('install the .vsix', () => installVsix(tools, vsix, extensionsDir, scratch));
  console.log(`   ${installed.id} ${installed.version} -> ${installed.folder}`);

  // The CLI's numbers for the hover/inlay/CodeLens comparisons, per runtime profile.
  const cliCost = {};
  let cliCostError = '';
  for (const runtime of ['net10', 'net11-runtime-async']) {
    const r = spawnSync(process.execPath, [path.join(REPO_ROOT, 'dist', 'cli.js'), 'cost', '--format', 'json', '--runtime', runtime, path.join(REPO_ROOT, 'test', 'fixtures', 'workspace')],
      { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
    try {
      if (r.status !== 0) throw new Error((r.stderr || r.stdout).trim().split('\n')[0]);
      cliCost[runtime] = JSON.parse(r.stdout);
    } catch (e) {
      cliCostError = `asynclens cost --format json --runtime ${runtime}: ${e.message}`;
    }
  }
  if (cliCostError) console.log(`   ${cliCostError} (the extension tests note it and compare only what the editor shows)`);

  if (layer === 'all' || layer === 'extension') {
    await phase('extension integration tests', async () => {
      const layerDir = path.join(scratch, 'layer1');
      const workspace = freshWorkspace(path.join(layerDir, 'workspace'));
      // Severity from .editorconfig, scoped to one folder so the test can tell it from the default.
      fs.writeFileSync(path.join(workspace, '.editorconfig'), 'root = true\n\n[Pricing/*.cs]\ndotnet_diagnostic.ASY010.severity = error\n');
      const resultsFile = path.join(layerDir, 'results.json');
      writeJson(path.join(layerDir, 'params.json'), { resultsFile, cliCost: cliCostError ? null : cliCost, cliCostError });
      fs.chmodSync(path.join(here, 'code-shim.mjs'), 0o755);
      const { runTests } = createRequire(path.join(tools.testElectron, 'package.json'))(tools.testElectron);
      const emptyExtensions = path.join(layerDir, 'extensions');
      fs.mkdirSync(emptyExtensions, { recursive: true });
      let failure = '';
      try {
        await runTests({
          vscodeExecutablePath: path.join(here, 'code-shim.mjs'),
          // The folder the .vsix installed to: the tests run against the packaged extension, not the sources.
          extensionDevelopmentPath: installed.folder,
          extensionTestsPath: path.join(here, 'suite', 'index.js'),
          launchArgs: [workspace, `--user-data-dir=${path.join(layerDir, 'user-data')}`, `--extensions-dir=${emptyExtensions}`],
          extensionTestsEnv: { ASYNCLENS_E2E_TOOLS: toolsFile, ASYNCLENS_E2E_ARTIFACTS: artifacts, ASYNCLENS_E2E_PIDS: pidsFile },
        });
      } catch (e) {
        failure = e.message;
      } finally {
        // A shim interrupted halfway may leave its code-server behind: stop whatever it reported.
        for (const pid of fs.readFileSync(pidsFile, 'utf8').split('\n').filter(Boolean).map(Number)) {
          adoptGroup(pid);
          await stopGroup(pid, 1000);
        }
      }
      if (fs.existsSync(resultsFile)) {
        const report = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
        for (const r of report.results) {
          record('extension', r.name, r.status, r.ms, r.message);
          timings.extensionTests.push({ name: r.name, ms: r.ms, status: r.status });
        }
      } else {
        record('extension', 'the extension tests ran and reported', 'failed', 0, failure || 'no results file: the extension host never ran the suite');
      }
      timings.phasePeakMb = { ...(timings.phasePeakMb ?? {}), extension: Math.round(memory.takePhasePeak()) };
    });
  }

  if (layer === 'all' || layer === 'ui') {
    await phase('UI scenarios', async () => {
      const layerDir = path.join(scratch, 'layer2');
      const workspace = freshWorkspace(path.join(layerDir, 'workspace'));
      const large = writeLargeFile(workspace, 10_000);
      console.log(`   generated ${path.relative(workspace, large.file)}: ${large.lines} lines, ${large.methods} async methods`);
      memory.takePhasePeak();
      // The protocol trace lands in the AsyncLens output channel, which is copied into the artifacts.
      const userDataDir = freshProfile(path.join(layerDir, 'user-data'), { 'asynclens.trace.server': 'messages' });
      const server = await startCodeServer(tools, {
        scratch: layerDir,
        userDataDir,
        extensionsDir,
        logFile: path.join(artifacts, 'ui-code-server.log'),
      });
      console.log(`   code-server ${server.url} ready in ${server.startupMs} ms`);
      const browser = await launchBrowser(tools, path.join(layerDir, 'chromium-profile'));
      try {
        const scenarioResults = await runScenarios({
          page: browser.page, baseUrl: server.url, workspace, largeFile: large, shotsDir: artifacts, log: (l) => console.log(`   ${l}`),
        });
        for (const r of scenarioResults) {
          record('ui', r.name, r.status, r.ms, r.message);
          timings.scenarios.push({ name: r.name, ms: r.ms, status: r.status, measurements: r.measurements });
        }
      } finally {
        await browser.close();
        await server.stop();
        copyOutputLogs(path.join(userDataDir, 'logs'), path.join(artifacts, 'ui-logs'));
      }
      timings.phasePeakMb = { ...(timings.phasePeakMb ?? {}), ui: Math.round(memory.takePhasePeak()) };
    });
  }
  exitCode = results.some((r) => r.status === 'failed') || results.length === 0 ? 1 : 0;
  const readme = path.join(artifacts, 'readme');
  if (updateScreenshots && exitCode === 0 && fs.existsSync(readme)) {
    const target = path.join(here, 'screenshots');
    fs.mkdirSync(target, { recursive: true });
    const names = fs.readdirSync(readme);
    for (const name of names) fs.copyFileSync(path.join(readme, name), path.join(target, name));
    console.log(`updated ${names.length} pictures in ${path.relative(REPO_ROOT, target)}: ${names.join(', ')}`);
  }
} catch (e) {
  console.log(`\ne2e: ${e instanceof ToolError ? '' : 'run failed: '}${e?.stack && !(e instanceof ToolError) ? e.stack : e.message}`);
  record('setup', 'the harness set up the editor', 'failed', 0, e.message.split('\n')[0]);
} finally {
  memory?.stop();
  if (scratch && !keep) fs.rmSync(scratch, { recursive: true, force: true });
  else if (scratch) console.log(`kept the scratch folder ${scratch}`);
}

const total = Date.now() - runStarted;
timings.totalMs = total;
timings.peakMemoryMb = memory ? { total: Math.round(memory.peak.totalMb), byKind: Object.fromEntries(Object.entries(memory.peak.byKind).map(([k, v]) => [k, Math.round(v)])) } : null;
writeJson(path.join(artifacts, 'timings.json'), { ...timings, results });

console.log('\n== results');
for (const r of results) {
  console.log(`${r.status === 'passed' ? 'PASS' : r.status === 'skipped' ? 'SKIP' : 'FAIL'} [${r.layer}] ${r.name} (${seconds(r.ms)})${r.message ? `\n     ${r.message.split('\n').join('\n     ')}` : ''}`);
}
console.log(`\nphases: ${Object.entries(timings.phases).map(([k, v]) => `${k} ${seconds(v)}`).join(', ')}; total ${seconds(total)}`);
if (timings.peakMemoryMb) {
  console.log(`peak memory (PSS of everything the run started): ${timings.peakMemoryMb.total} MB (${Object.entries(timings.peakMemoryMb.byKind).map(([k, v]) => `${k} ${v} MB`).join(', ')})`);
}
console.log(`artifacts: ${path.relative(REPO_ROOT, artifacts)}`);
const count = (s) => results.filter((r) => r.status === s).length;
console.log(`${count('passed')} passed, ${count('failed')} failed${count('skipped') ? `, ${count('skipped')} skipped` : ''}`);
process.exit(exitCode);
