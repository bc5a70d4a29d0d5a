// Child process groups of an end-to-end run: started detached, remembered, and killed when the run ends,
// fails or is interrupted, so no code-server or extension host outlives the test.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const groups = new Set();
/** Files in which child processes (the code-server shim) list the process groups they started, one a line. */
const groupFiles = new Set();
let handlersInstalled = false;

function killGroup(pid, signal) {
  try { process.kill(-pid, signal); return true; } catch { return false; }
}

function groupAlive(pid) {
  try { process.kill(-pid, 0); return true; } catch { return false; }
}

/** Kills every remembered group at once; used from 'exit' where nothing asynchronous can run. */
export function killAllGroupsNow() {
  for (const file of groupFiles) {
    try {
      for (const pid of fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number)) groups.add(pid);
    } catch { /* the file went with the scratch folder */ }
  }
  for (const pid of groups) {
    killGroup(pid, 'SIGKILL');
    groups.delete(pid);
  }
}

function installHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', killAllGroupsNow);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      console.error(`\ne2e: ${signal} received, stopping child processes`);
      killAllGroupsNow();
      process.exit(130);
    });
  }
}

/** Also remembers a group that another process started and reported (the shim writes its pgid to a file). */
export function adoptGroup(pid) {
  installHandlers();
  groups.add(pid);
}

/** Kills, with the rest, every group listed in `file` when this process ends or is interrupted. */
export function adoptGroupsListedIn(file) {
  installHandlers();
  groupFiles.add(file);
}

/** Starts `command` in its own process group (setsid), output to `logFile`, and remembers the group. */
export function spawnGroup(command, args, { env, cwd, logFile }) {
  installHandlers();
  const out = logFile ? fs.openSync(logFile, 'a') : 'ignore';
  const child = spawn(command, args, { env, cwd, detached: true, stdio: ['ignore', out, out] });
  if (typeof out === 'number') fs.closeSync(out);
  groups.add(child.pid);
  child.on('exit', () => { if (!groupAlive(child.pid)) groups.delete(child.pid); });
  return child;
}

/** SIGTERM to the group, then SIGKILL for whatever is left after `graceMs`. */
export async function stopGroup(pid, graceMs = 3000) {
  if (!pid) return;
  killGroup(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (groupAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (groupAlive(pid)) killGroup(pid, 'SIGKILL');
  groups.delete(pid);
}

/** The pids of every descendant of `rootPid`, read from /proc (Linux). */
function descendants(rootPid) {
  const children = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name may contain spaces and parentheses: the fields after the last ')' are fixed.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(name));
    } catch { /* the process ended while we read */ }
  }
  const out = [];
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop();
    for (const c of children.get(pid) ?? []) { out.push(c); stack.push(c); }
  }
  return out;
}

function processInfo(pid) {
  try {
    const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const pss = Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
    const comm = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
    return { pid, pssKb: pss, comm, cmdline };
  } catch { return undefined; }
}

function classify(info) {
  if (/chrom/i.test(info.comm) || /chromium/.test(info.cmdline)) return 'chromium';
  if (/code-server|out\/node\/entry|bootstrap-fork|extensionHost|server-main|vscode/.test(info.cmdline)) return 'code-server';
  if (/dist\/server\.js/.test(info.cmdline)) return 'language server';
  return 'other';
}

/**
 * Samples the proportional memory (PSS, so shared pages are not counted twice) of everything this
 * process started, once a second, and keeps the peak of the total and of each kind of process.
 */
export function startMemorySampler(intervalMs = 1000) {
  const peak = { totalMb: 0, byKind: {} };
  let phasePeak = 0;
  const sample = () => {
    const infos = descendants(process.pid).map(processInfo).filter(Boolean);
    const byKind = {};
    let total = 0;
    for (const info of infos) {
      const kind = classify(info);
      byKind[kind] = (byKind[kind] ?? 0) + info.pssKb / 1024;
      total += info.pssKb / 1024;
    }
    if (total > peak.totalMb) { peak.totalMb = total; peak.byKind = byKind; }
    phasePeak = Math.max(phasePeak, total);
  };
  const timer = setInterval(() => { try { sample(); } catch { /* /proc not readable: no numbers */ } }, intervalMs);
  timer.unref();
  return {
    peak,
    /** Peak since the last call, for a per-phase number. */
    takePhasePeak() { const p = phasePeak; phasePeak = 0; return p; },
    stop() { clearInterval(timer); },
  };
}

export function writeJson(file, value) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value, null, 2) + '\n');
}
