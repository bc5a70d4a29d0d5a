/**
 * ASP.NET Core request code: the bodies the framework runs once per request (or per hub invocation), read from
 * syntax. ASY030 asks it; the shapes are the ones ASP.NET Core binds by convention, so a maintainer reading a
 * finding sees at once why the body runs on a request thread.
 */
import type { MethodBody, TypeDeclaration } from '../model/types';
import { typeFamily } from '../workspace/index';
import type { RuleContext } from './types';
import { innermostType } from '../model/enclosingTypes';

export type RequestHandlerKind =
  | 'controller action'
  | 'Razor Page handler'
  | 'SignalR hub method'
  | 'middleware'
  | 'minimal API handler'
  | 'gRPC service method';

/** The `Map*` calls of minimal APIs (EndpointRouteBuilderExtensions) whose delegate argument handles the request. */
const MINIMAL_API_MAPS = new Set(['MapGet', 'MapPost', 'MapPut', 'MapDelete', 'MapPatch', 'MapMethods', 'MapFallback']);

/** `OnGet`, `OnPostAsync`, `OnPostDeleteAsync`: the handler names Razor Pages binds (HTTP verb after `On`). */
const PAGE_HANDLER = /^On(?:Get|Post|Put|Delete|Patch|Head|Options)\w*$/;

/** Why the body runs for a request, or null when it is not (or not recognisably) request code. */
export function requestHandlerKindOf(ctx: RuleContext, body: MethodBody): RequestHandlerKind | null {
  if (body.hasSyntaxErrors) return null;
  if (body.kind === 'lambda' || body.kind === 'anonymousMethod') return lambdaHandlerKind(body);
  if (body.kind !== 'method' || body.isStatic) return null;
  // gRPC: an override of a generated service base's method takes the call's ServerCallContext.
  if (body.modifiers.includes('override') && body.parameters.some((p) => lastName(p.typeText) === 'ServerCallContext')) return 'gRPC service method';
  // Conventional middleware (and IMiddleware): Invoke/InvokeAsync with the request's HttpContext.
  if ((body.name === 'Invoke' || body.name === 'InvokeAsync') && lastName(body.parameters[0]?.typeText ?? null) === 'HttpContext') return 'middleware';
  if (!body.modifiers.includes('public')) return null;
  const owner = ownerOf(ctx, body);
  if (!owner) return null;
  const names = typeNames(ctx, owner);
  if (names.has('PageModel')) return PAGE_HANDLER.test(body.name) ? 'Razor Page handler' : null;
  if (names.has('Hub')) return 'SignalR hub method';
  if (names.has('ControllerBase') || names.has('Controller') || hasAttribute(owner, 'ApiController')) {
    return body.attributes.some((a) => /^\s*(?:[\w.]+\.)?NonAction(?:Attribute)?\b/.test(a)) ? null : 'controller action';
  }
  return null;
}

/**
 * The names of the methods a file hands to minimal APIs' `Map*` calls as method groups (`group.MapGet("/", ListOrders)`,
 * `app.MapPost("/", Handlers.Create)`): the framework calls them for each request, through the delegate.
 */
export function minimalApiMethodGroups(bodies: readonly MethodBody[]): ReadonlySet<string> {
  let names = methodGroupsByFile.get(bodies);
  if (!names) methodGroupsByFile.set(bodies, (names = collectMethodGroups(bodies)));
  return names;
}

/** One file model's answer, kept while the model lives: a rule asks once per member it would report. */
const methodGroupsByFile = new WeakMap<readonly MethodBody[], ReadonlySet<string>>();

function collectMethodGroups(bodies: readonly MethodBody[]): ReadonlySet<string> {
  const names = new Set<string>();
  for (const body of bodies) {
    for (const call of body.calls) {
      if (!MINIMAL_API_MAPS.has(call.name) || call.receiver === null || /(?:^|\.)Task$/.test(call.receiver.trim())) continue;
      // The handler is the last argument of every Map* overload (after the pattern, and MapMethods' verbs): a bare or
      // qualified method name, possibly a named argument (`handler: ListOrders`); a lambda or a call is not a group.
      const last = call.argumentTexts[call.argumentTexts.length - 1]?.trim() ?? '';
      const group = /^(?:[A-Za-z_]\w*\s*:\s*)?(?:(?:this|[A-Za-z_]\w*)\s*\.\s*)?([A-Za-z_]\w*)$/.exec(last);
      if (group) names.add(group[1]!);
    }
  }
  return names;
}

function lambdaHandlerKind(body: MethodBody): RequestHandlerKind | null {
  const target = body.delegateTarget;
  if (target?.kind !== 'argument' || target.call?.kind !== 'invocation' || target.call.receiver === null) return null;
  const { name, receiver } = target.call;
  // `Task.Run(...)` is not `app.Run(...)`: the receiver tells them apart.
  if (/(?:^|\.)Task$/.test(receiver.trim())) return null;
  if (MINIMAL_API_MAPS.has(name)) return 'minimal API handler';
  if (name === 'Use' || name === 'Run') return 'middleware';
  return null;
}

/** The innermost type declaration holding the body. */
function ownerOf(ctx: RuleContext, body: MethodBody): TypeDeclaration | null {
  return innermostType(ctx.model.types, body.span);
}

/** The type's simple name, its declared bases and every workspace base above them. */
function typeNames(ctx: RuleContext, type: TypeDeclaration): Set<string> {
  const bases = type.baseTypes.map(lastNameOf);
  const out = new Set<string>([type.name, ...bases]);
  for (const b of [type.name, ...bases]) for (const n of typeFamily(ctx.index, b)) out.add(lastNameOf(n));
  return out;
}

function hasAttribute(type: TypeDeclaration, name: string): boolean {
  return type.attributes.some((a) => new RegExp(`^(?:[\\w.]+\\.)?${name}(?:Attribute)?\\b`).test(a.trim()));
}

function lastName(typeText: string | null): string | null {
  return typeText === null ? null : lastNameOf(typeText.replace(/\?\s*$/, ''));
}

/** `Microsoft.AspNetCore.SignalR.Hub<IClient>` -> `Hub`. */
function lastNameOf(typeText: string): string {
  return typeText.replace(/<.*$/s, '').trim().split('.').pop()!;
}
