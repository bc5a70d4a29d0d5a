/**
 * Synchronous contracts declared outside the workspace: a member that overrides or implements a synchronous member of
 * a type the workspace does not declare (`Stream.Flush`, `SynchronizationContext.Send`, `IDisposable.Dispose`, a
 * property getter of a framework base, a public property or indexer implementing a framework interface's (`ICollection<T>.Count`),
 * and the dispose pattern's `Dispose(bool)`), a method a host finds by name and calls
 * synchronously (ASP.NET Core's `Startup.Configure`: knowledge/startupConventions.ts), and a lambda handed to a .NET API
 * that calls it synchronously as a factory (ConcurrentDictionary's `GetOrAdd`). Such a function cannot await: its signature is the
 * framework's, so blocking in it is how it meets the contract, and the fix is in its callers (or in the contract's
 * asynchronous counterpart, where one exists). ASY003 shows its waits there as a hint, as it does a synchronous
 * twin's. A contract the workspace declares is its maintainers' own choice, and stays reported.
 */
import type { MethodBody } from '../model/types';
import { bodyChain } from '../model/bodies';
import { unqualified } from '../model/returnKind';
import { methodsNamed, stripGenerics, typeFamily, typesNamed } from '../workspace/index';
import { callCandidates } from './callTargets';
import { isSynchronousFactory } from '../knowledge/synchronousFactories';
import { startupConventionOf } from '../knowledge/startupConventions';
import { declaredByABaseOf, declaredOutsideTheWorkspace, declaresPropertyOutsideTheWorkspace } from './callbackSlots';
import type { RuleContext } from './types';

/** A synchronous contract a function meets, for notes. */
export interface SynchronousContract {
  /** Why the function cannot await: `it overrides Flush, a member of a base type declared outside the workspace`. */
  reason: string;
  /** Where the fix lies instead. */
  remedy: string;
}

/** Where a declared contract's fix lies: its callers, which can pick its asynchronous counterpart. */
const IN_CALLERS = "the fix is in its callers, which can use the contract's asynchronous counterpart where it has one";

/** The synchronous contract a function's signature meets, declared outside the workspace or a host's convention; null when none. */
export function synchronousContractOf(ctx: RuleContext, body: MethodBody, masked: string): SynchronousContract | null {
  // No declaration names a convention's methods: the host's loader finds them by name and parameters, public ones only.
  const convention = body.kind === 'method' && body.modifiers.includes('public') ? startupConventionOf(body.name, body.parameters.map((p) => unqualified(p.typeText ?? ''))) : null;
  if (convention) return { reason: convention.caller, remedy: convention.remedy };
  const reason = declaredContractOf(ctx, body, masked);
  return reason === null ? null : { reason, remedy: IN_CALLERS };
}

/** What a method's or accessor's signature says of the member it declares: its type, its name, its header, an explicit interface. */
interface MemberSignature {
  owner: string;
  /** The method's name, or the property's for an accessor. */
  member: string;
  /** The masked declaration text before the member's name (declarationHeader). */
  header: string;
  /** The interface an explicit implementation names (`void IDisposable.Dispose()`), without type arguments; else null. */
  explicitInterface: string | null;
}

/** The signature of a method or a property accessor, read from its declaration; null for other bodies or when not found. */
function memberSignatureOf(ctx: RuleContext, body: MethodBody, masked: string): MemberSignature | null {
  if (body.kind !== 'method' && body.kind !== 'accessor') return null;
  const owner = bodyChain(body, ctx.model.bodies).map((b) => b.containingType).find((t) => t !== null) ?? null;
  if (!owner) return null;
  const member = body.kind === 'accessor' ? propertyNameOf(body.name) : body.name;
  if (member === null) return null;
  const header = declarationHeader(ctx, body, owner, member, masked);
  if (header === null) return null;
  const explicit = /(@?[A-Za-z_][\w.]*(?:<[^<>]*>)?)\s*\.\s*$/.exec(header);
  return { owner, member, header, explicitInterface: explicit ? stripGenerics(explicit[1]) : null };
}

/** Why a function's signature is a synchronous contract of a type outside the workspace, for notes; null when not. */
function declaredContractOf(ctx: RuleContext, body: MethodBody, masked: string): string | null {
  if (body.kind === 'lambda' || body.kind === 'anonymousMethod') return frameworkDelegateReason(ctx, body);
  const signature = memberSignatureOf(ctx, body, masked);
  if (!signature) return null;
  const { owner, member, header, explicitInterface } = signature;
  if (explicitInterface !== null) {
    return typesNamed(ctx.index, explicitInterface).length > 0 ? null : `it implements ${explicitInterface}.${member}, a member of an interface declared outside the workspace`;
  }
  if (declaredInWorkspaceBase(ctx, owner, member)) return workspaceBaseMeetsOutsideContract(ctx, body, owner, member);
  if (/\boverride\b/.test(header)) return `it overrides ${member}, a member of a base type declared outside the workspace`;
  if (body.kind === 'accessor') return outsidePropertyReason(ctx, body, owner, member, header);
  if (body.kind !== 'method' || body.modifiers.includes('static')) return null;
  // The dispose pattern's body: Dispose() of IDisposable calls it with true, so its waits are Dispose's.
  if (isDisposePatternBody(body) && declaredByABaseOf(ctx, { owner, name: 'Dispose', parameterCount: 0, isStatic: false }, body)) {
    return 'it is the Dispose(bool) of the dispose pattern, which Dispose of IDisposable calls';
  }
  // An implicit implementation of an interface member is public; a private helper of the same name implements nothing.
  if (!body.modifiers.includes('public')) return null;
  const shape = { owner, name: member, parameterCount: body.parameters.length, isStatic: false };
  return declaredByABaseOf(ctx, shape, body) ? `it implements ${member} of a base type or interface declared outside the workspace` : null;
}

/**
 * Why a function's signature is a synchronous member the workspace itself declares, for notes: it implements a member
 * of one of the workspace's interfaces (implicitly, as a public member, or explicitly), or overrides one of a
 * workspace base class, a property accessor included (`IScheduler.Context`'s getter). Null when it is neither, or when
 * the contract is declared outside the workspace (synchronousContractOf answers for those). Making such a function
 * async changes the contract, every implementation and every caller: the maintainers' own API, but an API all the
 * same. Two seeded readings (test/real-world/README.md, the thirty-sixth and thirty-seventh sessions) judged each
 * such wait they read by design (a scheduler's synchronous properties, an exporter's synchronous send, a device
 * factory's Delete, a command's Execute, a report module's SendMessage).
 */
export function workspaceContractOf(ctx: RuleContext, body: MethodBody, masked: string): string | null {
  if (body.modifiers.includes('static')) return null;
  const signature = memberSignatureOf(ctx, body, masked);
  if (!signature) return null;
  const { owner, member, header, explicitInterface } = signature;
  if (explicitInterface !== null) {
    return typesNamed(ctx.index, explicitInterface).length > 0 ? `it implements ${explicitInterface}.${member}, a synchronous member of the workspace's interface ${explicitInterface}` : null;
  }
  const declaring = workspaceBaseDeclaring(ctx, owner, member);
  if (declaring === null) return null;
  const kind = typesNamed(ctx.index, declaring).some((ref) => ref.type.kind === 'interface') ? 'interface' : 'type';
  if (/\boverride\b/.test(header)) return `it overrides ${member}, a synchronous member of the workspace's ${kind} ${declaring}`;
  return /\bpublic\b/.test(header) ? `it implements ${declaring}.${member}, a synchronous member of the workspace's ${kind} ${declaring}` : null;
}

/** The first workspace type the owner derives from (not the owner itself) that declares a member of the name, in name order. */
function workspaceBaseDeclaring(ctx: RuleContext, owner: string, member: string): string | null {
  const family = new Set(typeFamily(ctx.index, owner));
  family.delete(owner);
  const declaring = methodsNamed(ctx.index, member, null).filter((m) => m.typeName !== null && family.has(m.typeName)).map((m) => m.typeName!).sort()[0];
  if (declaring) return declaring;
  return [...family].sort().find((name) => typesNamed(ctx.index, name).some((ref) => ref.type.members.some((m) => m.name === member))) ?? null;
}

/**
 * A member of a workspace base that is itself an outside type's member: `public abstract void Dispose();` in a base
 * class that implements IDisposable, overridden here. The signature comes from IDisposable, not from the maintainers'
 * choice, so the override meets the same synchronous contract that a direct implementation does (DSharpPlus's client
 * overrides its base client's Dispose; the read-only round of the thirty-fourth session found it a warning beside
 * hints for the same wait in direct IDisposable.Dispose implementations).
 */
function workspaceBaseMeetsOutsideContract(ctx: RuleContext, body: MethodBody, owner: string, member: string): string | null {
  if (body.kind !== 'method' || body.modifiers.includes('static')) return null;
  const shape = { owner, name: member, parameterCount: body.parameters.length, isStatic: false };
  return declaredOutsideTheWorkspace(ctx.index, ctx.model.bodies, shape, body)
    ? `it overrides ${member}, which a workspace base declares to implement ${member} of a type declared outside the workspace`
    : null;
}

/**
 * An accessor of a public instance property or indexer that implicitly implements one an outside interface declares
 * (`public int Count => ...` for ICollection<T>, `public T this[int index]` for IList<T>): like an implicit method
 * implementation, its signature is the interface's. A property the workspace's own interface declares has been
 * answered before this (workspaceContractOf), as has an explicit implementation.
 */
function outsidePropertyReason(ctx: RuleContext, body: MethodBody, owner: string, member: string, header: string): string | null {
  if (!/\bpublic\b/.test(header) || /\bstatic\b/.test(header)) return null;
  if (!declaresPropertyOutsideTheWorkspace(ctx.index, ctx.model.bodies, owner, member, body)) return null;
  const shown = member === 'Item' ? 'the indexer' : member;
  return `it implements ${shown} of an interface declared outside the workspace`;
}

/** `Dispose(bool disposing)`. */
function isDisposePatternBody(body: MethodBody): boolean {
  return body.name === 'Dispose' && body.parameters.length === 1 && /^(?:System\.)?(?:bool|Boolean)$/.test(body.parameters[0].typeText ?? '');
}

/** `get_Length` gives `Length`, `set_Item` gives `Item`; an event's add or remove accessor gives null. */
function propertyNameOf(accessorName: string): string | null {
  return /^(?:get|set|init)_(.+)$/.exec(accessorName)?.[1] ?? null;
}

/**
 * The declaration's text before the member's name (`public override`, `void IDisposable.`), masked; for an accessor,
 * that of the property or indexer holding it. Null when the member is not found.
 */
function declarationHeader(ctx: RuleContext, body: MethodBody, owner: string, member: string, masked: string): string | null {
  if (body.kind === 'method') return masked.slice(body.span.start, body.nameSpan.start);
  const holder = typesNamed(ctx.index, owner)
    .filter((ref) => ref.file === ctx.file)
    .flatMap((ref) => ref.type.members)
    .find((m) => m.kind === 'property' && m.span.start <= body.span.start && body.span.end <= m.span.end);
  if (holder) return masked.slice(holder.span.start, holder.nameSpan.start);
  // The type declarations list no indexers: read the header before the `this[...]` that declares the accessor's.
  return member === 'Item' ? indexerHeaderOf(masked, body) : null;
}

/** An indexer's declaration: `this[...]` followed by its accessor list or its arrow, never a use such as `this[0];`. */
const INDEXER_DECLARATION = /\bthis\s*\[[^\[\]]*\]\s*(?:\{|=>)/g;

/**
 * The masked header of the indexer an accessor belongs to (`public string ` of `public string this[int index] { get
 * ... }`): the text from the end of the previous member or block opening to the last indexer declaration that starts
 * before the accessor, or, for an expression-bodied indexer whose body is the declaration, the first inside it.
 */
function indexerHeaderOf(masked: string, body: MethodBody): string | null {
  let start = -1;
  for (const m of masked.slice(0, body.span.end).matchAll(INDEXER_DECLARATION)) {
    if (m.index! < body.span.start) start = m.index!;
    else {
      if (start === -1) start = m.index!;
      break;
    }
  }
  if (start === -1) return null;
  const before = masked.slice(0, start);
  const from = Math.max(before.lastIndexOf(';'), before.lastIndexOf('}'), before.lastIndexOf('{')) + 1;
  return before.slice(from);
}

/** Whether a workspace type the owner derives from (not the owner itself) declares a member of the name. */
function declaredInWorkspaceBase(ctx: RuleContext, owner: string, member: string): boolean {
  return workspaceBaseDeclaring(ctx, owner, member) !== null;
}

/**
 * A lambda given as an argument to a .NET API that calls it synchronously as a factory (knowledge/synchronousFactories.ts:
 * ConcurrentDictionary's GetOrAdd), when every method the call may bind to is that API's.
 */
function frameworkDelegateReason(ctx: RuleContext, lambda: MethodBody): string | null {
  const target = lambda.delegateTarget;
  const call = target?.kind === 'argument' ? target.call : undefined;
  if (!call || call.kind !== 'invocation') return null;
  const caller = ctx.model.bodies.find((b) => b.id === lambda.parentId);
  if (!caller) return null;
  const found = callCandidates(ctx, caller, { name: call.name, receiver: call.receiver, argumentTexts: call.argumentTexts, typeArguments: call.typeArguments });
  if (!found || found.candidates.length === 0) return null;
  const owners = found.candidates.map((c) => (c.source === 'api' && c.api?.owner.kind === 'named' ? c.api.owner.name : null));
  if (!owners.every((o) => o !== null && isSynchronousFactory(o, call.name))) return null;
  return `it is the factory ${found.candidates[0].display} calls synchronously, which no overload lets return a task`;
}
