// The API signature database is read lazily: the first analysis of a file pays for the member blocks of the types
// it asks about, not for the .NET surface. What each phase reads is pinned here (no times: those come from
// test/bench/signature-load.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from './support';
import { modelFile, createIndex, updateFile, analyseCompletion, checkFile } from '../../server/src/analysis/project';
import { estimateFile } from '../../server/src/cost';
import { provideSignatureDatabase } from '../../server/src/signatures/provider';
import { installSignatureDatabase, locateSignatures, signatureFileAt } from '../../server/src/host/signatures';

before(ready);
// The other tests in this process get the database as the hosts install it.
after(() => installSignatureDatabase({}, (message) => {
  throw new Error(message);
}));

/** Installs a fresh database whose file reports every member block read (the first line of each). */
function spiedDatabase(): { blocks: string[]; starts: number[]; heads: number[] } {
  const file = signatureFileAt(locateSignatures()!);
  const seen = { blocks: [] as string[], starts: [] as number[], heads: [] as number[] };
  provideSignatureDatabase(() => ({
    head: (length) => {
      seen.heads.push(length);
      return file.head(length);
    },
    read: (start, length) => {
      const block = file.read(start, length);
      seen.blocks.push(block.slice(0, block.indexOf('\n')));
      seen.starts.push(start);
      return block;
    },
  }));
  return seen;
}

/** Models one file, decides completion and runs every rule on by default, as the first diagnostics need. */
function diagnose(code: string) {
  const index = createIndex();
  const { model, tree } = modelFile(code);
  tree?.delete();
  updateFile(index, 'Lazy.cs', model);
  const completion = analyseCompletion(index);
  const checked = checkFile('Lazy.cs', code, model, index, completion, { enabled: null, disabled: new Set() });
  return { model, index, completion, findings: checked.findings };
}

const WORKSPACE_ONLY = `using System.Threading;
using System.Threading.Tasks;

public class Ledger
{
    private int _total;

    public async Task<int> AddAsync(int amount, CancellationToken cancellationToken)
    {
        await SaveAsync(amount);
        return _total;
    }

    private async Task SaveAsync(int amount)
    {
        _total += amount;
        await FlushAsync();
    }

    private Task FlushAsync() => Task.CompletedTask;
}
`;

test('a file that calls no external API reads no member block for its diagnostics, and only awaiter layouts for its costs', () => {
  const seen = spiedDatabase();
  const { model, index, completion } = diagnose(WORKSPACE_ONLY);
  assert.deepEqual(seen.blocks, [], 'member blocks read by the model, completion and rules');
  for (const runtime of ['net10', 'net11-runtime-async'] as const) estimateFile({ file: 'Lazy.cs', model, index, completion }, { runtime });
  // An await's cost needs its awaiter's fields (a struct's `I` lines come first in its block); nothing else is read.
  assert.ok(seen.blocks.length > 0 && seen.blocks.length <= 3, `blocks read for the costs: ${seen.blocks.join(' | ')}`);
  for (const first of seen.blocks) assert.match(first, /^I\d*\tm_task\t/, 'an awaiter layout');
  // The index was read once, at the first question.
  assert.equal(seen.heads.filter((length) => length > 200).length, 1);
});

test('a call on an API type reads the blocks of the types it asks about, each once', () => {
  const seen = spiedDatabase();
  const { findings } = diagnose(`using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;

public class PriceFeed
{
    private readonly HttpClient _http = new();

    public async Task<string> LatestAsync(CancellationToken cancellationToken)
    {
        return await _http.GetStringAsync("https://example.org/prices");
    }
}
`);
  assert.ok(findings.some((f) => f.ruleId === 'ASY025'), 'the overload with a token is found through the database');
  assert.ok(seen.blocks.length > 0);
  assert.equal(new Set(seen.starts).size, seen.starts.length, `a block read twice: ${seen.blocks.join(' | ')}`);
});
