// Builds the calibration harness for .NET 8, 9 and 10, runs it, and writes the measured bytes per call to measured.json.
//
// Usage: node test/calibration/measure.mjs [--runtime net8|net9|net10 ...] [--out FILE] [--calls N] [--verbose]
//        node test/calibration/measure.mjs --runtime net11ra [--out FILE]
//
// --runtime may be repeated or comma-separated; without it net8, net9 and net10 are measured. When the output file
// already exists, the runtimes measured now replace theirs and the others are kept, so `--runtime net9` updates one
// column of the committed table. --out writes somewhere else (the test suite re-measures into a temporary file).
// Needs only the .NET SDK on PATH: the SDK restores the .NET 8 and 9 runtime packs and each build is self-contained.
//
// net11ra is the experimental extra: the corpus compiled with Runtime Async and run on the .NET 11 runtime pack.
// It is measured only when asked for, alone, and goes to measured-runtime-async.json unless --out says otherwise,
// so that measured.json keeps exactly the runtimes .NET 8, 9 and 10.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from './generate.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const project = path.join(here, 'harness', 'Calibration.Harness.csproj');
const runtimeAsyncProject = path.join(here, 'harness-runtime-async', 'Calibration.Harness.RuntimeAsync.csproj');
const outRoot = path.join(here, 'out');
const apiProject = path.join(here, 'harness-api', 'Calibration.Harness.Api.csproj');
// Each runtime runs the machinery corpus (harness/) and the library-API corpus (harness-api/, built against the
// packages its methods call); their entries go into one table.
const RUNTIMES = {
  net8: { project, framework: 'net8.0', apiProject },
  net9: { project, framework: 'net9.0', apiProject },
  net10: { project, framework: 'net10.0', apiProject },
  net11ra: { project: runtimeAsyncProject, framework: 'net10.0', optional: true },
};
const DEFAULT_RUNTIMES = Object.keys(RUNTIMES).filter((r) => !RUNTIMES[r].optional);

function parseArguments(argv) {
  const options = { runtimes: [], out: null, harnessArgs: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--runtime') options.runtimes.push(...argv[++i].split(','));
    else if (arg === '--out') options.out = path.resolve(argv[++i]);
    else if (arg === '--calls') options.harnessArgs.push('--calls', argv[++i]);
    else if (arg === '--verbose') options.harnessArgs.push('--verbose');
    else fail(`unknown argument ${arg}\nusage: node test/calibration/measure.mjs [--runtime net8|net9|net10] [--out FILE] [--calls N] [--verbose]`);
  }
  if (options.runtimes.length === 0) options.runtimes = DEFAULT_RUNTIMES;
  for (const runtime of options.runtimes) {
    if (!RUNTIMES[runtime]) fail(`unknown runtime ${runtime}; use one of ${Object.keys(RUNTIMES).join(', ')}`);
  }
  const optional = options.runtimes.filter((r) => RUNTIMES[r].optional);
  if (optional.length > 0 && options.runtimes.length > 1) fail(`${optional.join(', ')} is measured alone, into its own file`);
  options.out ??= path.join(here, optional.length > 0 ? 'measured-runtime-async.json' : 'measured.json');
  return options;
}

function fail(message) {
  process.stderr.write(`measure: ${message}\n`);
  process.exit(1);
}

function log(message) {
  process.stderr.write(`measure: ${message}\n`);
}

function seconds(since) {
  return ((Date.now() - since) / 1000).toFixed(1);
}

/** Runs dotnet with the given arguments; prints its output only when it fails. */
function dotnet(args, what) {
  const started = Date.now();
  const result = spawnSync('dotnet', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, DOTNET_CLI_TELEMETRY_OPTOUT: '1', DOTNET_NOLOGO: '1' } });
  if (result.error) fail(`could not run dotnet ${args[0]}: ${result.error.message}`);
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    fail(`${what} failed (dotnet ${args.join(' ')})`);
  }
  log(`${what} done in ${seconds(started)} s`);
}

function main() {
  const options = parseArguments(process.argv.slice(2));
  const probe = spawnSync('dotnet', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    fail('the .NET SDK is not on PATH (`dotnet --version` failed). Install the .NET 10 SDK to measure; the committed measured.json stays valid without it.');
  }
  log(`.NET SDK ${probe.stdout.trim()}`);
  const started = Date.now();

  const entries = generate();
  log(`corpus: ${entries.length} entries`);

  // One restore per project serves every target framework, so the publishes below run without touching NuGet again.
  for (const projectFile of new Set(options.runtimes.flatMap((r) => [RUNTIMES[r].project, RUNTIMES[r].apiProject].filter(Boolean)))) {
    dotnet(['restore', projectFile], `restore ${path.basename(projectFile)}`);
  }

  const measured = {};
  for (const runtime of options.runtimes) {
    const { project: projectFile, framework, apiProject: apiFile } = RUNTIMES[runtime];
    const result = runHarness(runtime, projectFile, framework, path.join(outRoot, runtime), 'Calibration.Harness', options);
    if (apiFile) {
      const api = runHarness(`${runtime} (library APIs)`, apiFile, framework, path.join(outRoot, `api-${runtime}`), 'Calibration.Harness.Api', options);
      if (api.runtime !== result.runtime) fail(`${runtime}: the two harnesses ran on different runtimes (${result.runtime}, ${api.runtime})`);
      Object.assign(result.entries, api.entries);
    }
    measured[runtime] = result;
  }

  const output = merge(options, measured, entries);
  fs.mkdirSync(path.dirname(options.out), { recursive: true });
  fs.writeFileSync(options.out, JSON.stringify(output, null, 2) + '\n');
  log(`wrote ${path.relative(process.cwd(), options.out) || options.out} in ${seconds(started)} s in all`);
}

/** Publishes one harness for one runtime, runs it and returns its parsed output (failing on unstable entries). */
function runHarness(label, projectFile, framework, outDir, executable, options) {
  dotnet(['publish', projectFile, '-c', 'Release', '-f', framework, '--no-restore', '-o', outDir], `build ${label}`);
  const runStarted = Date.now();
  log(`running ${label}...`);
  const run = spawnSync(path.join(outDir, executable), options.harnessArgs, {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (run.error) fail(`could not start the ${label} harness: ${run.error.message}`);
  // Exit code 4 means some entries never gave the same number twice; the JSON still says which.
  if (run.status !== 0 && run.status !== 4) fail(`the ${label} harness exited with code ${run.status}; see its messages above`);
  let result;
  try {
    result = JSON.parse(run.stdout);
  } catch (error) {
    fail(`the ${label} harness printed something that is not JSON: ${error.message}`);
  }
  if (result.unstable.length > 0) fail(`${label}: entries whose repeated measurements disagree: ${result.unstable.join(', ')}`);
  log(`${label}: .NET ${result.runtime}, ${Object.keys(result.entries).length} entries in ${seconds(runStarted)} s`);
  return result;
}

/** Builds the measured.json document, keeping the runtimes of an existing file that were not measured now. */
function merge(options, measured, entries) {
  let previous = null;
  if (fs.existsSync(options.out)) {
    try {
      previous = JSON.parse(fs.readFileSync(options.out, 'utf8'));
    } catch {
      previous = null;
    }
  }
  const keep = previous ? Object.keys(RUNTIMES).filter((r) => !measured[r] && previous.runtimes?.[r]) : [];
  if (keep.length > 0) log(`keeping ${keep.join(', ')} from the existing ${path.basename(options.out)}`);
  const order = Object.keys(RUNTIMES).filter((r) => measured[r] || keep.includes(r));
  const anyMeasured = Object.values(measured)[0];

  const document = {
    generatedBy: 'node test/calibration/measure.mjs',
    machine: anyMeasured.machine,
    runtimes: {},
    sanity: {},
    entries: {},
  };
  for (const runtime of order) {
    document.runtimes[runtime] = measured[runtime] ? measured[runtime].runtime : previous.runtimes[runtime];
    document.sanity[runtime] = measured[runtime] ? measured[runtime].sanity : previous.sanity[runtime];
  }
  for (const entry of entries) {
    const row = { class: entry.className };
    for (const runtime of order) {
      const value = measured[runtime] ? measured[runtime].entries[entry.name] : previous.entries?.[entry.name]?.[runtime];
      if (value === undefined) continue;
      row[runtime] = { sync: value.sync ?? null, suspend: value.suspend ?? null };
    }
    // An entry no runtime of this document measured (the library-API corpus in the Runtime Async file) is left out.
    if (Object.keys(row).length > 1) document.entries[entry.name] = row;
  }
  return document;
}

main();
