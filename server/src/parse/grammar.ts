/** The pinned parser versions, recorded in one place like bash-language-server's parser.info. */

/**
 * Where the C# grammar comes from. The wasm ships inside the npm package tree-sitter-c-sharp; the
 * build copies it next to the bundles. Upgrading means bumping both packages in package.json, running
 * `node server/scripts/grammar-info.mjs` to print the new sha256 and updating this record.
 */
export const GRAMMAR_INFO = {
  webTreeSitter: '0.27.2',
  treeSitterCSharp: '0.23.5',
  grammarWasm: 'tree-sitter-c_sharp.wasm',
  grammarWasmSha256: '6f69e1cae44e1c32c1eccc170dc5a9778fb94ff716f71113fe1f8c4299aa2f40',
  runtimeWasm: 'web-tree-sitter.wasm',
  abi: 15,
} as const;
