/**
 * Methods that a background-job library stores by name: the method a job expression calls
 * (`BackgroundJob.Enqueue(() => _scanner.ScanLibrary(id))`, `RecurringJob.AddOrUpdate(id, () => Cleanup(), cron)`,
 * `client.Enqueue<IMailer>(m => m.Send(to))`). The library writes the method's type and name to its storage and
 * finds the method by them when the job runs, so renaming it fails the jobs already stored (knowledge/persistedJobs.ts).
 */
import type { CallSite, MethodBody, TypeDeclaration } from '../model/types';
import { indexMemo, methodsNamed, stripGenerics, typeFamily, type MethodRef, type WorkspaceIndex } from '../workspace/index';
import { typeOfExpression } from '../workspace/typing';
import { resolveCallSite } from '../workspace/completion';
import { PERSISTED_JOB_APIS, mayPersistJobs, persistedJobApi } from '../knowledge/persistedJobs';
import { fileImportsNamespace } from './asy001-004-blocking-common';

/** `Type\0Method` keys of every method a job expression in the workspace names, with the types of its family. */
function persistedJobMethods(index: WorkspaceIndex): ReadonlySet<string> {
  return indexMemo(index, 'persistedJobMethods', () => {
    const keys = new Set<string>();
    for (const [file, model] of index.files) {
      const namespaces = PERSISTED_JOB_APIS.map((r) => r.namespace).filter((ns) => fileImportsNamespace(index, file, model.usings, ns));
      if (namespaces.length === 0) continue;
      for (const body of model.bodies) {
        const call = body.delegateTarget?.kind === 'argument' ? body.delegateTarget.call : undefined;
        if (!call || call.kind !== 'invocation' || !mayPersistJobs(call.name)) continue;
        const api = persistedJobApi(receiverTypeOf(call.receiver, body, model.bodies, index), call.name);
        if (!api || !namespaces.includes(api.namespace)) continue;
        for (const target of jobTargets(body, call.typeArguments, file, index)) {
          if (target.typeName === null) continue;
          for (const type of typeFamily(index, target.typeName)) keys.add(`${type}\0${methodName(target)}`);
        }
      }
    }
    return keys;
  });
}

/** The simple name of the type a job API is called on: the receiver's type, or a static class as written. */
function receiverTypeOf(receiver: string | null, body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex): string {
  if (receiver === null) return '';
  const typed = typeOfExpression(receiver, body, bodies, index);
  if (typed) return stripGenerics(typed.typeText).split('.').pop()!;
  return /^(?:global::)?(?:[A-Za-z_]\w*\.)*[A-Z]\w*$/.test(receiver) ? receiver.split('.').pop()! : '';
}

/**
 * What the job expression calls: its outermost call (`() => Scan(Normalize(path))` stores Scan; Normalize runs when
 * the job is created), bound through the workspace, or for `Enqueue<IMailer>(m => m.Send(to))` through the written type.
 */
function jobTargets(lambda: MethodBody, typeArguments: readonly string[], file: string, index: WorkspaceIndex): MethodRef[] {
  const outer = outermostCall(lambda.calls);
  if (!outer) return [];
  const parameter = lambda.parameters.length === 1 ? lambda.parameters[0].name : null;
  if (parameter !== null && outer.receiver === parameter && typeArguments.length === 1) {
    return methodsNamed(index, outer.name, stripGenerics(typeArguments[0]).split('.').pop()!);
  }
  const resolved = resolveCallSite(outer.name, outer.receiver, outer.argumentTexts.length, file, lambda, index, outer.typeArguments.length);
  return [...(resolved.declared ?? []), ...resolved.targets];
}

function outermostCall(calls: readonly CallSite[]): CallSite | null {
  let outer: CallSite | null = null;
  for (const c of calls) if (!outer || c.span.end - c.span.start > outer.span.end - outer.span.start) outer = c;
  return outer;
}

function methodName(ref: MethodRef): string {
  return ref.member?.name ?? ref.body?.name ?? '';
}

/** Whether a job expression somewhere in the workspace names this method of this type (or of a type in its family). */
export function isPersistedJobMethod(index: WorkspaceIndex, type: TypeDeclaration, methodName: string): boolean {
  const keys = persistedJobMethods(index);
  if (keys.size === 0) return false;
  return keys.has(`${type.name}\0${methodName}`);
}
