// Prints the versions and the sha256 of the tree-sitter wasm files, for server/src/parse/grammar.ts.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
for (const pkg of ['web-tree-sitter', 'tree-sitter-c-sharp']) {
  console.log(`${pkg} ${require(`${pkg}/package.json`).version}`);
}
const wasm = require.resolve('tree-sitter-c-sharp/tree-sitter-c_sharp.wasm');
console.log(`tree-sitter-c_sharp.wasm sha256 ${crypto.createHash('sha256').update(fs.readFileSync(wasm)).digest('hex')}`);
