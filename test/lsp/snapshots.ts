// Markdown snapshots for LSP tests: compared with test/lsp/__snapshots__/<name>.md; UPDATE_SNAPSHOTS=1 rewrites them
// (and a missing snapshot is written on first run, so review new files before committing them).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './session';

/** The checkout's location in links (plain and URL-encoded inside command arguments) reads as <repo>: snapshots hold no machine's paths. */
function withoutCheckoutPath(text: string): string {
  const root = pathToFileURL(repoRoot).href;
  return text.split(encodeURIComponent(root)).join('file%3A%2F%2F%2F%3Crepo%3E').split(root).join('file:///<repo>');
}

export function matchSnapshot(name: string, actual: string): void {
  const file = path.join(repoRoot, 'test', 'lsp', '__snapshots__', `${name}.md`);
  const normalised = withoutCheckoutPath(actual);
  const text = normalised.endsWith('\n') ? normalised : `${normalised}\n`;
  if (process.env.UPDATE_SNAPSHOTS === '1' || !fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    return;
  }
  assert.equal(text, fs.readFileSync(file, 'utf8'), `snapshot ${path.relative(repoRoot, file)} differs; run with UPDATE_SNAPSHOTS=1 to accept the new output`);
}
