/**
 * .NET types whose asynchronous methods run only the libraries' own code: their tasks complete from the operating
 * system's I/O (a pipe, a file, a socket, a process's exit) and their awaits never resume on the caller's
 * SynchronizationContext, since the .NET libraries configure every await they make (dotnet/runtime builds its
 * libraries with CA2007, "Consider calling ConfigureAwait on the awaited task", at warning severity:
 * eng/CodeAnalysis.src.globalconfig). A thread that blocks on such a task is not needed by it, so the wait cannot
 * deadlock on a context; it holds the thread until the I/O ends (ASY003, rules/contextFreeIo.ts).
 *
 * Only types whose work is the runtime's: not Stream or TextReader themselves (a workspace subclass overrides their
 * async methods with code of its own), not HttpClient (its handlers may be the application's), not Task's own
 * combinators (they wait on whatever tasks they are given).
 */
export interface ContextFreeIoType {
  /** The declaring type, qualified as the signatures name it. */
  type: string;
  /** What its tasks wait for, for the note. */
  waitsFor: string;
}

export const CONTEXT_FREE_IO_TYPES: readonly ContextFreeIoType[] = [
  // Process.StandardOutput and StandardError are StreamReaders over the child's pipes; their ReadToEndAsync and
  // ReadLineAsync are TextReader's or StreamReader's own (System.IO.StreamReader, System.Private.CoreLib).
  { type: 'System.IO.StreamReader', waitsFor: 'a read of the stream' },
  { type: 'System.IO.StreamWriter', waitsFor: 'a write to the stream' },
  { type: 'System.IO.File', waitsFor: 'file I/O' },
  { type: 'System.IO.FileStream', waitsFor: 'file I/O' },
  { type: 'System.IO.RandomAccess', waitsFor: 'file I/O' },
  { type: 'System.IO.Pipes.PipeStream', waitsFor: 'pipe I/O' },
  { type: 'System.Diagnostics.Process', waitsFor: 'the process to exit' },
  { type: 'System.Net.Sockets.Socket', waitsFor: 'socket I/O' },
  { type: 'System.Net.Sockets.NetworkStream', waitsFor: 'socket I/O' },
  { type: 'System.Net.Sockets.TcpClient', waitsFor: 'a connection' },
  { type: 'System.Net.Sockets.TcpListener', waitsFor: 'a connection' },
  { type: 'System.Net.Sockets.UdpClient', waitsFor: 'socket I/O' },
  { type: 'System.Net.Dns', waitsFor: 'a DNS lookup' },
];

/** The row of the type that declares a called method (`System.IO.StreamReader`), or undefined. */
export function contextFreeIoTypeOf(declaringType: string): ContextFreeIoType | undefined {
  const plain = declaringType.replace(/^global::/, '').replace(/<.*$/, '');
  return CONTEXT_FREE_IO_TYPES.find((row) => row.type === plain);
}
