// The model cache (host/modelCache.ts, as the CLI uses it: cli/modelCache.ts): a second run of the same folders takes the models of unchanged files
// from the pack the first wrote, and only those; a changed text, other preprocessing symbols or another build of
// the tool model afresh; a damaged pack is said and rebuilt; and a check gives the same report with or without it.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { ready, repoRoot, runCli } from './support';
import { modelFile, type ModelledSource, type SourceFile } from '../../server/src/analysis/project';
import { openModelCache, packFileOf } from '../../server/src/host/modelCache';

before(ready);

const SOURCE = `using System.Threading.Tasks;
namespace Fixtures.ModelCache;
public sealed class Store
{
    public async Task<int> CountAsync() { await Task.Delay(1); return 1; }
}
`;

const modelled = (s: SourceFile): ModelledSource => {
  const { model, tree } = modelFile(s.text, null, undefined, { preprocessorSymbols: s.preprocessorSymbols });
  tree?.delete();
  return { ...s, model };
};

test('a second run takes the models of unchanged files from the pack, and only theirs', async () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-model-cache-'));
  try {
    const roots = ['/work/example'];
    const a: SourceFile = { path: '/work/example/A.cs', text: SOURCE, preprocessorSymbols: ['RELEASE'] };
    const b: SourceFile = { path: '/work/example/B.cs', text: SOURCE.replace('Store', 'Other') };
    const first = await openModelCache({ directory, roots, fingerprint: 'build-1' });
    assert.equal(first.problem, null);
    assert.equal(first.cache.lookup(a), null);
    assert.equal(await first.cache.save([modelled(a), modelled(b), { ...modelled(b), path: '/work/example/Broken.cs', error: 'analysis stopped' }]), null);
    assert.ok(fs.existsSync(packFileOf(directory, roots)));

    const second = (await openModelCache({ directory, roots, fingerprint: 'build-1' })).cache;
    assert.deepEqual(second.lookup(a), modelled(a).model);
    assert.deepEqual(second.lookup(b), modelled(b).model);
    // A model that failed is never kept; other symbols or another text are other models.
    assert.equal(second.lookup({ ...b, path: '/work/example/Broken.cs' }), null);
    assert.equal(second.lookup({ ...a, preprocessorSymbols: ['DEBUG'] }), null);
    assert.equal(second.lookup({ ...a, text: SOURCE.replace('1', '2') }), null);
    assert.equal(second.hits, 2);

    // Another build of the tool ignores the pack; another set of folders has a pack of its own.
    assert.equal((await openModelCache({ directory, roots, fingerprint: 'build-2' })).cache.lookup(a), null);
    assert.notEqual(packFileOf(directory, ['/work/other']), packFileOf(directory, roots));

    // A damaged pack is said, not thrown, and written again by the next save.
    fs.writeFileSync(packFileOf(directory, roots), zlib.gzipSync('{"format":1,"tool":"build-1"}\nnot json\n'));
    const damaged = await openModelCache({ directory, roots, fingerprint: 'build-1' });
    assert.match(damaged.problem ?? '', /is damaged/);
    assert.equal(damaged.cache.lookup(a), null);
    assert.equal(await damaged.cache.save([modelled(a)]), null);
    assert.deepEqual((await openModelCache({ directory, roots, fingerprint: 'build-1' })).cache.lookup(a), modelled(a).model);
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
});

const cli = path.join(repoRoot, 'dist', 'cli.js');

test('check gives the same report from cached models as from fresh ones, uses what the pack holds, and models a changed file again', { skip: !fs.existsSync(cli) && 'dist/cli.js is not built' }, async () => {
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-model-cache-'));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-model-cache-src-'));
  try {
    fs.cpSync(path.join(repoRoot, 'test', 'fixtures', 'rules', 'blocking-wait-in-async'), work, { recursive: true });
    const env = { ASYNCLENS_PROJECT_PACKAGES: 'off', ASYNCLENS_CACHE_DIR: cacheDir };
    const args = ['check', '--enable', 'all', '--format', 'json', '--threads', '1', work];
    const findingsIn = (stdout: string, file: string) => (JSON.parse(stdout) as { findings: { file: string }[] }).findings.filter((f) => f.file.endsWith(file)).length;
    const fresh = await runCli(args, repoRoot, { ...env, ASYNCLENS_MODEL_CACHE: 'off' }, cli);
    const filling = await runCli(args, repoRoot, env, cli);
    const cached = await runCli(args, repoRoot, env, cli);
    assert.equal(filling.stdout, fresh.stdout);
    assert.equal(cached.stdout, fresh.stdout);

    // The models really come from the pack: one whose bodies were taken out gives that file no findings.
    const file = fs.readdirSync(work).filter((f) => f.endsWith('.cs')).find((f) => findingsIn(fresh.stdout, f) > 0)!;
    const pack = packFileOf(cacheDir, [work]);
    const lines = zlib.gunzipSync(fs.readFileSync(pack)).toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    for (const entry of lines) if (typeof entry.path === 'string' && entry.path.endsWith(file)) entry.model.bodies = [];
    fs.writeFileSync(pack, zlib.gzipSync(lines.map((l) => JSON.stringify(l)).join('\n') + '\n'));
    assert.equal(findingsIn((await runCli(args, repoRoot, env, cli)).stdout, file), 0);
    assert.ok(findingsIn((await runCli([...args.slice(0, -1), '--no-cache', work], repoRoot, env, cli)).stdout, file) > 0);

    // An edit: that file is modelled again, and the report is what a run without the cache gives.
    fs.appendFileSync(path.join(work, file), '\nnamespace Fixtures.ModelCache.Added { public static class Extra { public static int Wait(System.Threading.Tasks.Task<int> t) => t.Result; } }\n');
    const edited = await runCli(args, repoRoot, env, cli);
    const editedFresh = await runCli(args, repoRoot, { ...env, ASYNCLENS_MODEL_CACHE: 'off' }, cli);
    assert.equal(edited.stdout, editedFresh.stdout);
    assert.ok(findingsIn(edited.stdout, file) > 0);
  } finally {
    fs.rmSync(cacheDir, { recursive: true, force: true });
    fs.rmSync(work, { recursive: true, force: true });
  }
});
