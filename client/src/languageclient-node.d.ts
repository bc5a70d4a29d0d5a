/**
 * Types for `vscode-languageclient/node`: the package names that entry only in its `exports` map, which the
 * repository's `moduleResolution: node` does not read, while esbuild does; this points TypeScript at the same file.
 */
declare module 'vscode-languageclient/node' {
  export * from 'vscode-languageclient/lib/node/main';
}
