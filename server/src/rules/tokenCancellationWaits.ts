/**
 * Whether an await's operand waits for a CancellationToken through a library extension that completes, not faults,
 * when the token fires (knowledge/tokenCancellationWaits.ts: DotNext's `token.WaitAsync()`). ASY020 and ASY021 (through
 * rules/faultFreeCalls.ts awaitCannotFault) do not count such an await as one whose exception escapes an async void
 * function: the eighth seeded reading of the forty-fourth session found KurrentDB's index committer reported for the
 * `await _stopToken.WaitAsync();` that parks it until shutdown after a fatal error has been logged.
 */
import type { MethodBody } from '../model/types';
import { splitCallText, splitTopLevel } from '../model/syntax';
import { containerOf, typesNamed, type WorkspaceIndex } from '../workspace/index';
import { bodyChain } from '../model/bodies';
import { resolveCallText } from '../workspace/completion';
import { typeOfExpression } from '../workspace/typing';
import { fileImportsNamespace } from './asy001-004-blocking-common';
import { TOKEN_CANCELLATION_WAITS, type TokenCancellationWait } from '../knowledge/tokenCancellationWaits';

/** The row the awaited call (`operand`, without ConfigureAwait) matches in `body`, or undefined. */
export function tokenCancellationWaited(index: WorkspaceIndex, file: string, body: MethodBody, operand: string): TokenCancellationWait | undefined {
  const call = splitCallText(operand.trim());
  if (!call || call.receiver === null) return undefined;
  const argumentCount = splitTopLevel(call.argumentsText).filter((a) => a.trim() !== '').length;
  const rows = TOKEN_CANCELLATION_WAITS.filter((row) => row.member === call.name && row.argumentCounts.includes(argumentCount));
  if (rows.length === 0) return undefined;
  const bodies = index.files.get(file)?.bodies ?? [];
  const typeText = typeOfExpression(call.receiver.trim(), body, bodies, index)?.typeText.trim();
  if (typeText !== 'CancellationToken' && typeText !== 'System.Threading.CancellationToken') return undefined;
  // A workspace extension of that name the calling file can see is the workspace's own, unless it is declared in the
  // library's namespace: a code base that vendors the library, or a fixture's stand-in. One in a namespace the file
  // neither imports nor sits in is out of the call's reach (the resolution matches extensions by name alone).
  const targets = resolveCallText(operand, file, body, index)?.resolution.targets ?? [];
  const usings = index.files.get(file)?.usings ?? [];
  const callerNamespace = callerNamespaceOf(index, file, body);
  return rows.find((row) => fileImportsNamespace(index, file, usings, row.namespace) && targets.every((t) => {
    const namespace = targetNamespace(index, t.file, t.typeName);
    if (namespace === null) return false;
    if (namespace === row.namespace || namespace.startsWith(`${row.namespace}.`)) return true;
    const visible = namespace === '' || (callerNamespace !== null && (callerNamespace === namespace || callerNamespace.startsWith(`${namespace}.`)))
      || fileImportsNamespace(index, file, usings, namespace);
    return !visible;
  }));
}

/** The namespace of the workspace type `typeName` declared in `file`, or null when it is not found there. */
function targetNamespace(index: WorkspaceIndex, file: string, typeName: string | null): string | null {
  if (typeName === null) return null;
  const ref = typesNamed(index, typeName.split('.').pop()!).find((r) => r.file === file);
  return ref ? containerOf(ref.type) : null;
}

/** The namespace the calling body's type is declared in, or null when it has none the index knows. */
function callerNamespaceOf(index: WorkspaceIndex, file: string, body: MethodBody): string | null {
  const owner = bodyChain(body, index.files.get(file)?.bodies ?? []).map((b) => b.containingType).find((t) => t !== null);
  return owner ? targetNamespace(index, file, owner) : null;
}
