// Input a hostile or careless environment hands the tool, each class at its root: files that are not files
// (a FIFO, /dev/zero, a symlink to a device, a file over the limit), output that is huge or goes to a closed
// pipe, text with terminal escapes and markdown that tries to break out of its code spans; an internal error inside
// the workspace-wide verdicts.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ready, repoRoot, runCli } from './support';
import { readBounded, readSource, decodeSource, editorConfigsFor, declaresRoot, MAX_CONFIG_FILE_BYTES } from '../../server/src/project/host/sourceFiles';
import { mergeGlobalConfigs, parseGlobalConfig } from '../../server/src/config/globalConfig';
import { compileGlob } from '../../server/src/config/glob';
import { editorConfigOptions } from '../../server/src/config/editorconfig';
import { analyseModelled, analyseProject, modelFile } from '../../server/src/analysis/project';
import { RULES } from '../../server/src/rules/registry';

before(ready);

const posix = process.platform !== 'win32';
const cliScript = path.join(repoRoot, 'dist', 'cli.js');

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-hostile-'));
}

/** Runs `fn` and fails when it takes longer than `ms` (a blocked read would hang the test instead of failing it). */
function quickly<T>(ms: number, what: string, fn: () => T): T {
  const started = performance.now();
  const result = fn();
  const took = performance.now() - started;
  assert.ok(took < ms, `${what} took ${took.toFixed(0)} ms`);
  return result;
}

test('only regular files are read: a FIFO, /dev/zero and a symlink to it are refused at once, without reading', { skip: !posix && 'POSIX special files' }, () => {
  const dir = tempDir();
  const fifo = path.join(dir, 'Pipe.cs');
  execFileSync('mkfifo', [fifo]);
  fs.symlinkSync('/dev/zero', path.join(dir, 'Zero.cs'));
  for (const [file, kind] of [[fifo, 'named pipe'], ['/dev/zero', 'device'], [path.join(dir, 'Zero.cs'), 'device']] as const) {
    const read = quickly(500, file, () => readSource(file, 1024 * 1024));
    assert.ok('reason' in read, file);
    assert.match(read.reason, new RegExp(kind), file);
  }
  // A FIFO named .editorconfig above a file is treated as absent, not waited on.
  const sub = path.join(dir, 'src');
  fs.mkdirSync(sub);
  execFileSync('mkfifo', [path.join(sub, '.editorconfig')]);
  assert.deepEqual(quickly(500, '.editorconfig FIFO', () => editorConfigsFor(path.join(sub, 'A.cs'), new Map()).filter((f) => f.dir.startsWith(dir.split(path.sep).join('/')))), []);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('reads stop at the limit: a file over it is refused by its size, and a read never takes more than limit + 1 bytes', () => {
  const dir = tempDir();
  const big = path.join(dir, 'Big.cs');
  fs.writeFileSync(big, 'x'.repeat(5000));
  const over = readBounded(big, 4096);
  assert.ok('reason' in over && /over the 4 KiB limit/.test(over.reason), JSON.stringify(over));
  const fits = readBounded(big, 5000);
  assert.ok('bytes' in fits && fits.bytes.length === 5000);
  if (posix && fs.existsSync('/proc/self/status')) {
    // A special file that reports size 0 but has content is read up to the limit, not to its end.
    const proc = readBounded('/proc/self/status', 16);
    assert.ok('reason' in proc, 'a /proc file longer than the limit is refused');
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

test('source bytes decode as the C# compiler reads them: UTF-8, a byte order mark, else Windows-1252', () => {
  const text = (bytes: number[]) => {
    const decoded = decodeSource(Uint8Array.from(bytes));
    assert.ok('text' in decoded, JSON.stringify(decoded));
    return decoded.text;
  };
  // Valid UTF-8 stays UTF-8, whatever it looks like in another code page.
  assert.equal(text([0x63, 0xc3, 0xa9]), 'c\u00e9');
  // Not UTF-8: every byte is one Windows-1252 character, 0x80-0x9F included (Latin-1 would give control codes).
  assert.equal(text([0x69, 0x74, 0x92, 0x73, 0x20, 0xe9, 0x80, 0x81]), 'it\u2019s \u00e9\u20ac\u0081');
  // A UTF-8 byte order mark decides the encoding; a bad byte after it is a replacement character.
  assert.equal(text([0xef, 0xbb, 0xbf, 0x61, 0x92]), 'a\ufffd');
  assert.equal(text([0xff, 0xfe, 0x61, 0x00]), 'a');
  assert.deepEqual(decodeSource(Uint8Array.from([0x61, 0x00, 0x62])), { reason: 'skipped: looks binary (contains NUL bytes)' });
  // Long enough to take several slices of the decoder.
  const long = new Uint8Array(20000).fill(0x93);
  assert.equal(text([...long]), '\u201c'.repeat(20000));
});

test('the CLI given /dev/zero or a folder with a FIFO named *.cs reports the file as skipped and finishes', { skip: !posix && 'POSIX special files' }, async () => {
  const dir = tempDir();
  execFileSync('mkfifo', [path.join(dir, 'Pipe.cs')]);
  fs.writeFileSync(path.join(dir, 'Ok.cs'), 'namespace N; class C { async System.Threading.Tasks.Task M() { await System.Threading.Tasks.Task.Yield(); } }\n');
  fs.symlinkSync('/dev/zero', path.join(dir, 'Zero.cs'));
  const zero = await runCli(['check', '--format', 'json', '/dev/zero']);
  assert.equal(zero.code, 0, zero.stderr);
  assert.match(JSON.stringify(JSON.parse(zero.stdout).skippedFiles), /device, not a file/);
  const folder = await runCli(['check', '--format', 'json', dir]);
  assert.equal(folder.code, 0, folder.stderr);
  const json = JSON.parse(folder.stdout);
  assert.equal(json.filesAnalyzed, 1, 'the walk takes regular files only (the FIFO and the symlink are not listed as sources)');
  fs.rmSync(dir, { recursive: true, force: true });
});

/** One line of C#: `methods` async methods, each blocking on its task `waits` times (an ASY001 each). */
function oneLineFile(methods: number, waits = 10): string {
  const body = Array.from({ length: waits }, (_, i) => `var r${i} = t.Result;`).join(' ');
  const all = Array.from({ length: methods }, (_, m) => `async System.Threading.Tasks.Task<int> M${m}(System.Threading.Tasks.Task<int> t) { await System.Threading.Tasks.Task.Yield(); ${body} return 0; }`);
  return `namespace Fixtures.OneLine; class C { ${all.join(' ')} }`;
}

test('a 91 KB one-line file with 4,000 findings renders in every format, each source excerpt a window of the line', async () => {
  const dir = tempDir();
  const text = oneLineFile(400);
  assert.ok(text.length > 90_000, String(text.length));
  fs.writeFileSync(path.join(dir, 'OneLine.cs'), text);
  const r = await runCli(['check', '--enable', 'ASY001', dir]);
  assert.equal(r.code, 0, r.stderr);
  const excerpts = r.stdout.split('\n').filter((l) => /^ {2}1 \| /.test(l));
  assert.equal(excerpts.length, 4000);
  assert.ok(excerpts.every((l) => l.length < 200), 'a window of the line, not the line');
  // The caret points at the finding inside the window.
  const lines = r.stdout.split('\n');
  const i = lines.findIndex((l) => /^ {2}1 \| /.test(l) && l.includes('M200('));
  const caret = lines[i + 1].indexOf('^');
  assert.match(lines[i].slice(caret), /^\.Result/, `${lines[i]}\n${lines[i + 1]}`);
  for (const format of ['json', 'sarif']) {
    const out = await runCli(['check', '--enable', 'ASY001', '--format', format, dir]);
    assert.equal(out.code, 0, out.stderr);
    JSON.parse(out.stdout);
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a reader that closes the pipe early (check | head -1) ends the CLI quietly with its usual status', { skip: !posix && 'POSIX pipes' }, async () => {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'OneLine.cs'), oneLineFile(300));
  const child = spawn(process.execPath, [cliScript, 'check', '--enable', 'ASY001', dir], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ASYNCLENS_MODEL_CACHE: 'off' } });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += String(d); });
  // Read the first chunk, then close the pipe as `head -1` does.
  await new Promise<void>((resolve) => child.stdout.once('data', () => { child.stdout.destroy(); resolve(); }));
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  assert.ok(code === 0 || code === 1, `exit status ${code}; stderr: ${stderr}`);
  assert.doesNotMatch(stderr, /EPIPE|Error|at /, 'no stack trace');
  fs.rmSync(dir, { recursive: true, force: true });
});

test('terminal output escapes control characters from file names and source; SARIF URIs encode # and ?', async () => {
  const dir = tempDir();
  const name = posix ? 'Evil\u001b[31m#1?.cs' : 'Evil#1.cs';
  fs.writeFileSync(path.join(dir, name), 'namespace Fixtures.Evil; class C { async System.Threading.Tasks.Task<int> M(System.Threading.Tasks.Task<int> t) { await System.Threading.Tasks.Task.Yield(); var s = "\u001b]0;pwned\u0007\r"; return t.Result; } }\n');
  const text = await runCli(['check', '--enable', 'ASY001', dir]);
  assert.equal(text.code, 0, text.stderr);
  assert.doesNotMatch(text.stdout, /[\u0000-\u0008\u000b-\u001f\u007f]/, 'no control character reaches the terminal');
  if (posix) assert.match(text.stdout, /Evil\\u\{1b\}\[31m#1\?\.cs:\d+:\d+: ASY001/);
  const sarif = JSON.parse((await runCli(['check', '--enable', 'ASY001', '--format', 'sarif', dir], dir)).stdout);
  const uri: string = sarif.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri;
  assert.doesNotMatch(uri, /[#?]/, uri);
  assert.equal(decodeURIComponent(uri), name);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('.editorconfig globs match as EditorConfig says', () => {
  const cases: [string, string, boolean][] = [
    ['*.cs', 'a.cs', true], ['*.cs', 'src/deep/a.cs', true], ['*.cs', 'a.csx', false], ['*', 'x/y', true],
    ['Foo.cs', 'src/Foo.cs', true], ['Foo.cs', 'src/BarFoo.cs', false],
    ['src/*.cs', 'src/a.cs', true], ['src/*.cs', 'src/x/a.cs', false], ['/src/*.cs', 'src/a.cs', true], ['src/*.cs', 'lib/src/a.cs', false],
    ['src/**/*.cs', 'src/a.cs', true], ['src/**/*.cs', 'src/x/y/a.cs', true], ['**/Generated/*.cs', 'Generated/a.cs', true], ['**/Generated/*.cs', 'a/Generated/b.cs', true],
    ['src/**', 'src/x/y.cs', true], ['a?c.cs', 'abc.cs', true], ['a?c.cs', 'a/c.cs', false],
    ['*.{cs,vb}', 'x.vb', true], ['*.{cs,vb}', 'x.fs', false], ['{a,{b,c}}.cs', 'c.cs', true], ['{a}.cs', '{a}.cs', true], ['{a.cs', '{a.cs', true],
    ['file{1..3}.cs', 'file2.cs', true], ['file{1..3}.cs', 'file4.cs', false], ['file{-2..2}.cs', 'file-1.cs', true],
    ['[abc].cs', 'b.cs', true], ['[!abc].cs', 'b.cs', false], ['[a-c].cs', 'c.cs', true], ['[!a-c].cs', 'd.cs', true], ['[ab.cs', '[ab.cs', true],
    ['\\*.cs', '*.cs', true], ['\\*.cs', 'a.cs', false], ['*.g.cs', 'Models/User.g.cs', true],
  ];
  for (const [glob, file, expected] of cases) assert.equal(compileGlob(glob).test(file), expected, `[${glob}] against ${file}`);
});

test('.editorconfig globs that would be catastrophic as backtracking regular expressions match in linear time, and huge ones never match', () => {
  const name = `${'a'.repeat(5000)}.txt`;
  for (const glob of [`${'*a'.repeat(24)}*b`, `${'**a'.repeat(24)}**b`, `{${'a*,'.repeat(20)}b}${'*a'.repeat(10)}*b`, `*${'?'.repeat(200)}*b`]) {
    const matcher = compileGlob(glob);
    // Linear: a few milliseconds for a 5,000-character name (a backtracking expression took minutes); the bound allows a busy machine.
    assert.equal(quickly(1000, `[${glob}]`, () => matcher.test(name)), false, glob);
    assert.equal(matcher.test(`${'a'.repeat(300)}b`), true, `${glob} still matches what it should`);
  }
  assert.ok(compileGlob('x'.repeat(5000)).problem);
  assert.ok(compileGlob('{1..100000}').problem);
  // A whole .editorconfig with such a section is read in a moment.
  const text = `root = true\n[${'*a'.repeat(24)}*b]\ndotnet_diagnostic.ASY001.severity = error\n[*.cs]\ndotnet_diagnostic.ASY002.severity = none\n`;
  const options = quickly(300, 'editorConfigOptions', () => editorConfigOptions(`/r/${'a'.repeat(3000)}.cs`, [{ dir: '/r', text }]));
  assert.equal(options.get('dotnet_diagnostic.asy002.severity'), 'none');
  assert.equal(options.get('dotnet_diagnostic.asy001.severity'), undefined);
});

test('broken code whose locals name themselves (var db = db.SaveChanges();) is typed without endless recursion', () => {
  const text = [
    'using Microsoft.EntityFrameworkCore;',
    'namespace Fixtures.SelfReference;',
    'public sealed class Checkout',
    '{',
    '    public async Task<int> PlaceAsync()',
    '    {',
    '        await Task.Yield();',
    '        using var db = db.SaveChanges();',
    '        var a = b.Open();',
    '        var b = a.Open();',
    '        return a.Read() + db.Count;',
    '    }',
    '}',
  ].join('\n');
  const analysis = analyseProject([{ path: 'SelfReference.cs', text }], { enabled: new Set(RULES.map((r) => r.meta.id)), disabled: new Set() });
  const internal = analysis.files[0].findings.filter((f) => /internal error/.test(f.message)).map((f) => f.message);
  assert.deepEqual(internal, []);
});

test('.editorconfig and global config text with long runs of blanks is read in one pass (each took hours at the size limit)', () => {
  // Quadratic before: a value with 50,000 blanks took six seconds, 50,000 empty lines eleven; the limit is 4 MiB.
  const blanks = ' '.repeat(MAX_CONFIG_FILE_BYTES / 4);
  const newlines = '\n'.repeat(MAX_CONFIG_FILE_BYTES / 4);
  const value = `root = true\n[*.cs]\nkey = a${blanks}b ; comment\n`;
  assert.equal(quickly(2000, 'editorconfig value', () => editorConfigOptions('/r/a.cs', [{ dir: '/r', text: value }])).get('key'), `a${blanks}b`);
  assert.equal(quickly(2000, 'root after blank lines', () => declaresRoot(`${newlines}root = true\n[*]\n`)), true);
  assert.equal(declaresRoot(`${newlines}[*]\nroot = true\n`), false, 'root inside a section does not count');
  const header = `[/r/a.cs${blanks}x]\nk = v\n`;
  assert.deepEqual(quickly(2000, 'global config header', () => [...parseGlobalConfig({ path: '/r/.globalconfig', text: header }).fileSections.keys()]), [`/r/a.cs${blanks}x`]);
  const set = quickly(2000, 'global config value', () => mergeGlobalConfigs([{ path: '/r/.globalconfig', text: `${newlines}k = a${blanks}b # c\n` }]));
  assert.equal(set.options.get('k')?.value, `a${blanks}b`);
});

// An internal error while the verdicts resolve an await (a stack overflow in name resolution once ended whole `check`
// runs on real code with nothing written) stays with that await: it may suspend, and says why; the rest of the file
// and the workspace are decided and checked as usual. Simulated with one await whose operand throws when read.
test('an internal error while resolving one await leaves the other verdicts and the run standing', () => {
  const text = [
    'using System.Threading.Tasks;',
    'public class Feed',
    '{',
    '    public Task<int> LocalAsync() => Task.FromResult(1);',
    '    public async Task<int> BrokenAsync() { var a = await LocalAsync(); var b = await LocalAsync(); return a + b; }',
    '    public async Task<int> TwiceAsync() { var a = await LocalAsync(); var b = await LocalAsync(); return a + b; }',
    '}',
    '',
  ].join('\n');
  const { model, tree } = modelFile(text);
  tree?.delete();
  const broken = model.bodies.find((b) => b.name === 'BrokenAsync')!;
  const throwing = new Proxy(broken.awaits[0].operand, {
    get(target, property) {
      if (property === 'text') throw new RangeError('Maximum call stack size exceeded (simulated)');
      return Reflect.get(target, property);
    },
  });
  const patched = { ...model, bodies: model.bodies.map((b) => (b === broken ? { ...b, awaits: [{ ...b.awaits[0], operand: throwing }, ...b.awaits.slice(1)] } : b)) };
  const result = analyseModelled([{ path: 'Feed.cs', text, model: patched }], { enabled: null, disabled: new Set() });
  const verdictOf = (name: string) => [...result.completion.values()].find((v) => v.bodyId === model.bodies.find((b) => b.name === name)!.id);
  assert.equal(verdictOf('BrokenAsync')?.likelySync, false);
  assert.match(verdictOf('BrokenAsync')!.awaits[0].reason, /could not resolve it \(internal error: Maximum call stack size exceeded \(simulated\)\)/);
  assert.equal(verdictOf('TwiceAsync')?.likelySync, true, 'the other method is decided as usual');
  assert.deepEqual(result.files[0].findings.filter((f) => f.ruleId === 'ASY010').map((f) => text.slice(f.span.start, f.span.end)), ['TwiceAsync']);
});
