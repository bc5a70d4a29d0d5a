/** Navigation between a file's bodies: a lambda or local function and the bodies it sits in. */
import type { LocalVariable, MethodBody } from './types';

/**
 * Each file's bodies by id, built once per bodies array: walking out from a body then costs its depth, not its
 * depth times the file's bodies (a file of deeply nested lambdas made that cubic). A model's bodies array is
 * not changed once built; an array whose length changed since (one still being filled) is indexed again.
 */
const byIdOf = new WeakMap<readonly MethodBody[], Map<string, MethodBody>>();

export function bodiesById(bodies: readonly MethodBody[]): Map<string, MethodBody> {
  let byId = byIdOf.get(bodies);
  if (!byId || byId.size !== bodies.length) {
    byId = new Map();
    // The first body of an id wins, as a search from the start would find it.
    for (const b of bodies) if (!byId.has(b.id)) byId.set(b.id, b);
    if (byId.size === bodies.length) byIdOf.set(bodies, byId);
  }
  return byId;
}

/** Chains already made, by body, per bodies array: a lambda's chain is asked for by several passes of the cost model. */
const chainsOf = new WeakMap<readonly MethodBody[], WeakMap<MethodBody, readonly MethodBody[]>>();

/** The chain of bodies from a lambda or local function out to its method, innermost first (shared: do not modify). */
export function bodyChain(body: MethodBody, bodies: readonly MethodBody[]): readonly MethodBody[] {
  if (!body.parentId) return [body];
  let chains = chainsOf.get(bodies);
  if (!chains) chainsOf.set(bodies, (chains = new WeakMap()));
  const known = chains.get(body);
  if (known) return known;
  const chain: MethodBody[] = [];
  const byId = bodiesById(bodies);
  for (let b: MethodBody | undefined = body; b; b = b.parentId ? byId.get(b.parentId) : undefined) chain.push(b);
  // Only a finished bodies array is remembered (see bodiesById): one still being filled may yet gain a parent.
  if (byIdOf.get(bodies) === byId) chains.set(body, chain);
  return chain;
}

/**
 * The plain local `name` as `body` sees it: the nearest body of its chain (bodyChain) that declares the name declares
 * it once, as a plain local (not a foreach variable, a catch variable or a pattern's); with the body that declares it.
 * Null when a parameter of that name comes first, the name is declared more than once there, or it is no plain local.
 * Given `at`, the offset where the name is read, a name declared in several sibling blocks (`var entry = ...;` in a
 * loop's body and again in an `if` after it) is the declaration whose block holds that offset (declarationInView).
 */
export function soleLocal(body: MethodBody, bodies: readonly MethodBody[], name: string, at?: number): { local: LocalVariable; owner: MethodBody } | null {
  for (const owner of bodyChain(body, bodies)) {
    if (owner.parameters.some((p) => p.name === name)) return null;
    const declared = owner.locals.filter((l) => l.name === name);
    if (declared.length === 0) continue;
    const local = declared.length === 1 ? declared[0]! : at === undefined ? null : declarationInView(declared, at);
    return local && local.kind === 'local' ? { local, owner } : null;
  }
  return null;
}

/**
 * The one of several declarations of a name whose scope holds `at` and that is declared before it. C# lets a name be
 * declared again only in a block that does not overlap the first's (a nested redeclaration is error CS0136), so at
 * most one scope holds a position; null when none does or, in code that does not compile, more than one.
 */
function declarationInView(declared: readonly LocalVariable[], at: number): LocalVariable | null {
  const holding = declared.filter((l) => l.scope.start <= at && at <= l.scope.end && l.span.start <= at);
  return holding.length === 1 ? holding[0]! : null;
}

/**
 * The local `name` as `body` sees it, when it keeps the value it is declared with: a sole plain local (soleLocal)
 * that nothing writes again (model/extract.ts assignedAgain); with the body that declares it. Null when a parameter of
 * that name comes first, or the local may hold another value. `at` is soleLocal's.
 */
export function keptLocal(body: MethodBody, bodies: readonly MethodBody[], name: string, at?: number): { local: LocalVariable; owner: MethodBody } | null {
  const sole = soleLocal(body, bodies, name, at);
  return sole && sole.local.assignedAgain === false ? sole : null;
}

/**
 * Whether a local or a parameter of one of the `chain`'s bodies (a body and the ones around it, bodyChain) is named
 * `name`: such a name is a value in view, not a type, a field or a method of the same spelling.
 */
export function declaresLocalOrParameter(chain: readonly MethodBody[], name: string): boolean {
  return chain.some((b) => b.locals.some((l) => l.name === name) || b.parameters.some((p) => p.name === name));
}

/** Local functions by `parentId\0name`, the first of each in the order of the bodies, built once per bodies array. */
const localFunctionsOf = new WeakMap<readonly MethodBody[], Map<string, MethodBody>>();

/** The first local function named `name` declared directly in the body `parentId` (what a search of the bodies finds). */
export function localFunctionIn(bodies: readonly MethodBody[], parentId: string, name: string): MethodBody | undefined {
  let byKey = localFunctionsOf.get(bodies);
  if (!byKey) {
    byKey = new Map();
    for (const b of bodies) {
      if (b.kind !== 'localFunction' || b.parentId === null) continue;
      const key = `${b.parentId}\0${b.name}`;
      if (!byKey.has(key)) byKey.set(key, b);
    }
    localFunctionsOf.set(bodies, byKey);
  }
  return byKey.get(`${parentId}\0${name}`);
}

/** A method (or other body no body encloses) and every body inside it, itself first, in the order of the bodies. */
export interface BodyFamily {
  root: MethodBody;
  bodies: MethodBody[];
}

/**
 * The bodies grouped by their outermost enclosing body, and each body's group. What the cost model and the rules
 * that work per method read of other bodies is an enclosing or a nested one, so a family is the unit they can be
 * given alone and the unit whose results an edit elsewhere leaves unchanged.
 */
export function outermostFamilies(all: readonly MethodBody[]): { families: BodyFamily[]; familyOf: Map<string, BodyFamily> } {
  // Asked once per rule and once per slice of cost estimates of the same bodies: built once per bodies array (a
  // finished one, as bodiesById says; the 3 MB document spent a second per keystroke building it again).
  const known = familiesOf.get(all);
  if (known && known.size === all.length) return known.value;
  const value = familiesFrom(all);
  if (bodiesById(all).size === all.length) familiesOf.set(all, { size: all.length, value });
  return value;
}

const familiesOf = new WeakMap<readonly MethodBody[], { size: number; value: { families: BodyFamily[]; familyOf: Map<string, BodyFamily> } }>();

function familiesFrom(all: readonly MethodBody[]): { families: BodyFamily[]; familyOf: Map<string, BodyFamily> } {
  const byId = bodiesById(all);
  const rootOf = (b: MethodBody): MethodBody => {
    let current = b;
    for (let depth = 0; current.parentId && byId.has(current.parentId) && depth < 1000; depth++) current = byId.get(current.parentId)!;
    return current;
  };
  const byRoot = new Map<MethodBody, BodyFamily>();
  const families: BodyFamily[] = [];
  const familyOf = new Map<string, BodyFamily>();
  for (const b of all) {
    const root = rootOf(b);
    let family = byRoot.get(root);
    if (!family) {
      family = { root, bodies: [] };
      byRoot.set(root, family);
      families.push(family);
    }
    family.bodies.push(b);
    familyOf.set(b.id, family);
  }
  return { families, familyOf };
}

/** Declared `private` (not `private protected`), or with no access modifier: a class member only its own type calls. */
export function isPrivateMember(body: MethodBody): boolean {
  return !body.modifiers.some((m) => m === 'public' || m === 'protected' || m === 'internal');
}
