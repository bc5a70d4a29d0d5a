/**
 * The part of the WebAssembly JavaScript API the parser uses (parser.ts `compileGrammar`, web-tree-sitter's
 * `Language.loadSync`). Node provides it as a global; the repository's lib setting (ES2022, no DOM) does not
 * declare it.
 */
declare namespace WebAssembly {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Module {}
  function compile(bytes: Uint8Array): Promise<Module>;
}
