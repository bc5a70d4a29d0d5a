/**
 * Generic async code has one state machine layout per instantiation: `EchoAsync<int>` and `EchoAsync<Guid>` keep
 * fields of different sizes and return different Task<T>s. This module finds the type arguments a call site gives
 * (written `M<int>(x)`, inferred from the arguments `M(x)`, or from a closed receiver `Repository<int>.GetAsync()`)
 * and every instantiation the workspace uses, so the cost model can give each its bytes.
 */
import type { CallSite, FileModel, MethodBody, TypeDeclaration } from '../model/types';
import { callersOf, type WorkspaceIndex } from '../workspace/index';
import { resolveCallRef } from '../workspace/completion';
import { bodyChain } from '../model/bodies';
import { typeOfExpression } from './expressionTypes';
import { formatType, parseType, substituteTypeText, type TypeExpr } from './typeText';
import { enclosingTypes } from '../model/enclosingTypes';

export type TypeArguments = Record<string, string>;

/** The type parameters a body's state machine is generic over: its own, its enclosing bodies' and its types'. */
export function openTypeParameters(body: MethodBody, types: readonly TypeDeclaration[], chain: readonly MethodBody[]): string[] {
  const names: string[] = [];
  for (const b of chain) for (const t of b.typeParameters) if (!names.includes(t)) names.push(t);
  for (const t of enclosingTypes(types, body.span)) for (const p of t.typeParameters) if (!names.includes(p)) names.push(p);
  return names;
}

/** The declaration of the generic type a body sits in, when it has type parameters. */
function declaringGenericType(body: MethodBody, types: readonly TypeDeclaration[]): TypeDeclaration | null {
  const around = enclosingTypes(types, body.span).filter((t) => t.typeParameters.length > 0);
  around.sort((a, b) => (a.span.end - a.span.start) - (b.span.end - b.span.start));
  return around[0] ?? null;
}

/** Binds the type parameters in `pattern` by matching it against `actual` (`ValueTask<T>` against `ValueTask<long>`). */
function unify(pattern: TypeExpr, actual: TypeExpr, parameters: readonly string[], out: TypeArguments): void {
  if (pattern.args.length === 0 && !pattern.tuple && parameters.includes(pattern.name) && pattern.arrayRank <= actual.arrayRank) {
    if (out[pattern.name] === undefined) out[pattern.name] = formatType({ ...actual, arrayRank: actual.arrayRank - pattern.arrayRank, nullable: pattern.nullable ? false : actual.nullable });
    return;
  }
  if (pattern.name !== actual.name || pattern.args.length !== actual.args.length || pattern.arrayRank !== actual.arrayRank) return;
  pattern.args.forEach((p, i) => unify(p, actual.args[i], parameters, out));
}

/**
 * The type arguments a call gives the generic body it reaches, or null when some stay open (the caller passes its
 * own type parameter on) or cannot be told from the source.
 */
export function callTypeArguments(call: CallSite, caller: MethodBody, callerModel: Pick<FileModel, 'bodies' | 'types'>, target: MethodBody, targetTypes: readonly TypeDeclaration[], index: WorkspaceIndex,
  callerTypeArguments?: Readonly<TypeArguments>): TypeArguments | null {
  const typing = { body: caller, bodies: callerModel.bodies, index };
  const out: TypeArguments = {};
  // The method's own type parameters: written at the call, else inferred from the arguments.
  if (target.typeParameters.length > 0) {
    if (call.typeArguments.length === target.typeParameters.length) {
      target.typeParameters.forEach((p, i) => (out[p] = formatType(parseType(call.typeArguments[i]) ?? { name: call.typeArguments[i], args: [], nullable: false, arrayRank: 0, tuple: false })));
    } else {
      target.parameters.forEach((param, i) => {
        const argument = call.argumentTexts[i];
        if (!param.typeText || argument === undefined) return;
        const argumentType = typeOfExpression(argument.replace(/^[A-Za-z_]\w*\s*:\s*(?!:)/, '').replace(/^(ref|in|out)\s+/, ''), typing);
        const pattern = parseType(param.typeText);
        const actual = argumentType ? parseType(argumentType) : null;
        if (pattern && actual) unify(pattern, actual, target.typeParameters, out);
      });
    }
  }
  // The containing type's type parameters: from the receiver's closed type.
  const declaring = declaringGenericType(target, targetTypes);
  if (declaring) {
    const receiverType = call.receiver && call.receiver !== 'this' && call.receiver !== 'base' ? typeOfExpression(call.receiver, typing) : null;
    const closed = receiverType ? parseType(receiverType) : null;
    if (closed && closed.name === declaring.name && closed.args.length === declaring.typeParameters.length) {
      declaring.typeParameters.forEach((p, i) => (out[p] = formatType(closed.args[i])));
    }
  }
  // A caller that is itself one instantiation passes its own type arguments on.
  if (callerTypeArguments) for (const p of Object.keys(out)) out[p] = substituteTypeText(out[p], callerTypeArguments);
  const needed = [...target.typeParameters, ...(declaring?.typeParameters ?? [])];
  // Type arguments that are the caller's own type parameters (its method's, enclosing bodies' or types') stay open.
  // So do type arguments read from a member declared with the target's own parameter names (`T` through a field of
  // another generic type the model could not close).
  const callerParameters = new Set([...openTypeParameters(caller, callerModel.types, bodyChain(caller, callerModel.bodies)), ...needed]);
  const complete = needed.every((p) => out[p] !== undefined && !mentionsAny(out[p], callerParameters));
  return complete && needed.length > 0 ? out : null;
}

function mentionsAny(typeText: string, names: ReadonlySet<string>): boolean {
  const t = parseType(typeText);
  const walk = (e: TypeExpr): boolean => (e.args.length === 0 && names.has(e.name)) || e.args.some(walk);
  return !!t && walk(t);
}

/** Every distinct instantiation of a generic body that the workspace's call sites use. */
export function instantiationsOf(body: MethodBody, file: string, index: WorkspaceIndex): TypeArguments[] {
  const targetTypes = index.files.get(file)?.types ?? [];
  const seen = new Map<string, TypeArguments>();
  for (const ref of callersOf(index, body.name)) {
    const resolved = resolveCallRef(ref.call, ref.caller, ref.file, index).targets;
    if (!resolved.some((m) => m.body === body)) continue;
    const callerModel = index.files.get(ref.file);
    const args = callerModel ? callTypeArguments(ref.call, ref.caller, callerModel, body, targetTypes, index) : null;
    if (args) seen.set(JSON.stringify(args), args);
  }
  return [...seen.values()];
}

/** The one workspace async body a call reaches, with the instantiation it uses when it is generic. */
export function calledBody(call: CallSite, caller: MethodBody, callerFile: string, index: WorkspaceIndex): { file: string; body: MethodBody; typeArguments: TypeArguments | null } | null {
  const targets = resolveCallRef(call, caller, callerFile, index).targets.filter((m) => m.body?.isAsync);
  if (targets.length !== 1) return null;
  const { file, body } = targets[0];
  const callerModel = index.files.get(callerFile) ?? { bodies: [], types: [] };
  return { file, body: body!, typeArguments: callTypeArguments(call, caller, callerModel, body!, index.files.get(file)?.types ?? [], index) };
}

/** Stand-ins for "a T of this size", for showing an open generic method's cost as a function of its type arguments. */
export const REPRESENTATIVE_TYPE_ARGUMENTS: readonly { label: string; typeText: string }[] = [
  { label: 'a reference type (string, a class)', typeText: 'object' },
  { label: 'a 1-byte value (bool, byte)', typeText: 'byte' },
  { label: 'a 4-byte value (int, float)', typeText: 'int' },
  { label: 'an 8-byte value (long, double, DateTime)', typeText: 'long' },
  { label: 'a 16-byte value (Guid, decimal)', typeText: 'Guid' },
  { label: 'a 24-byte struct', typeText: '(long, long, long)' },
];
