/** Finds the tree-sitter wasm files next to the running bundle (dist/) or in node_modules during development. */
import fs from 'node:fs';
import path from 'node:path';
import type { WasmLocation } from '../parse/parser';
import { GRAMMAR_INFO } from '../parse/grammar';

export function locateWasm(): WasmLocation {
  const candidates = [__dirname, path.join(__dirname, '..'), path.join(__dirname, '..', '..', 'dist'), path.join(__dirname, '..', '..', '..', 'dist')];
  for (const dir of candidates) {
    const runtimeWasm = path.join(dir, GRAMMAR_INFO.runtimeWasm);
    const grammarWasm = path.join(dir, GRAMMAR_INFO.grammarWasm);
    if (fs.existsSync(runtimeWasm) && fs.existsSync(grammarWasm)) return { runtimeWasm, grammarWasm };
  }
  try {
    return {
      runtimeWasm: require.resolve(`web-tree-sitter/${GRAMMAR_INFO.runtimeWasm}`),
      grammarWasm: require.resolve(`tree-sitter-c-sharp/${GRAMMAR_INFO.grammarWasm}`),
    };
  } catch {
    throw new Error(`cannot find ${GRAMMAR_INFO.grammarWasm} and ${GRAMMAR_INFO.runtimeWasm} next to ${__dirname}; run the build (npm run build) first`);
  }
}
