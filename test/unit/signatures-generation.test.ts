// The checked-in API signature databases are what the generator writes from the packages sources.json names:
// server/data/signatures.txt and the small one the unit tests read. Needs the .NET SDK (and NuGet, or the packages
// already in the local cache); without dotnet the test is skipped and says why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { repoRoot } from './support';

const dotnet = spawnSync('dotnet', ['--version'], { encoding: 'utf8' });
const skip = dotnet.status === 0 ? false : 'dotnet is not on the PATH, so the generator cannot run; the header and count checks in signatures.test.ts still ran';

test('server/data/signatures.txt and test/fixtures/signatures/small.txt are what `npm run signatures` writes', { skip, timeout: 600_000 }, () => {
  const run = spawnSync('dotnet', ['run', '--project', 'server/tools/signatures', '-c', 'Release', '--', '--check'], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, DOTNET_CLI_TELEMETRY_OPTOUT: '1', DOTNET_NOLOGO: '1' },
  });
  assert.equal(run.status, 0, `the generator disagrees with the checked-in files:\n${run.stdout}${run.stderr}`);
  assert.match(run.stdout, /signatures\.txt is current/);
  assert.match(run.stdout, /small\.txt is current/);
});
