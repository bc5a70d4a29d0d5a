/**
 * Types for `vscode-languageserver`, `vscode-languageserver/node` and `vscode-languageserver-protocol/node`:
 * those packages name their entries only in `exports` maps, which the repository's `moduleResolution: node`
 * does not read while esbuild does; these declarations point TypeScript at the same files.
 */
declare module 'vscode-languageserver' {
  export * from 'vscode-languageserver/lib/common/api';
}
declare module 'vscode-languageserver/node' {
  export * from 'vscode-languageserver/lib/node/main';
}
declare module 'vscode-languageserver-protocol/node' {
  export * from 'vscode-languageserver-protocol/lib/node/main';
}
declare module 'vscode-languageserver-protocol' {
  export * from 'vscode-languageserver-protocol/lib/common/api';
}
declare module 'vscode-jsonrpc' {
  export * from 'vscode-jsonrpc/lib/common/api';
}
declare module 'vscode-jsonrpc/node' {
  export * from 'vscode-jsonrpc/lib/node/main';
}
