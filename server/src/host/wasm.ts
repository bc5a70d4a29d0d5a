/** Finds the tree-sitter wasm files next to the running bundle (dist/) or in node_modules during development. */
import fs from 'node:fs';
import path from 'node:path';
import { initParser, type WasmLocation } from '../parse/parser';
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

/**
 * Reads the grammar's wasm (5 MB) and starts compiling it, which V8 does on its own threads: a host that starts this
 * before it loads the rest of its code (the language server's engine thread, lsp/engine/threads.ts) has the grammar
 * compiled by the time the runtime is up. Read and compile take about 70 ms, half of a process's time to its parser.
 */
export function compileGrammar(location: WasmLocation = locateWasm()): Promise<WebAssembly.Module> {
  try {
    // One synchronous read takes half the time of fs.promises' reads in 512 KiB parts, and nothing else waits on it.
    return WebAssembly.compile(fs.readFileSync(location.grammarWasm));
  } catch (err) {
    return Promise.reject(err);
  }
}

/** Loads the parser from the wasm files next to the bundle, the grammar compiling while the runtime starts. */
export function loadParser(grammar?: Promise<WebAssembly.Module>): Promise<void> {
  const location = locateWasm();
  return initParser(location, grammar ?? compileGrammar(location));
}
