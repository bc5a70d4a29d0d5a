/**
 * What type an expression has, as far as declarations in the workspace say: locals, parameters, fields,
 * properties and workspace method return types, then the API signatures for what the workspace does not declare.
 * No compiler, so the answer may be "unknown".
 */
import type { MethodBody } from '../model/types';
import { bodyChain } from '../model/bodies';
import { classifyReturnType, isTaskLike } from '../model/returnKind';
import { methodsNamed, stripGenerics, typeFamily, typesNamed, type WorkspaceIndex } from './index';
import type { SignatureDatabase } from '../signatures/database';
import { apiTypeOfExpression } from '../signatures/expressions';
import { signatureDatabase } from '../signatures/provider';
import { apiContext, type ApiContext } from '../signatures/resolve';

export interface ExpressionType {
  typeText: string;
  /** Where the type came from, for messages: "declared as Stream", "field _stream". */
  source: string;
}


export function typeOfExpression(text: string, body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex | null): ExpressionType | null {
  let t = text.trim();
  // `_pending!` is `_pending`: the null-forgiving operator changes nothing about the type.
  for (;;) {
    const before = t;
    while (t.startsWith('(') && t.endsWith(')')) t = t.slice(1, -1).trim();
    t = t.replace(/\s*!+$/, '');
    if (t === before) break;
  }
  const newMatch = /^new\s+([A-Za-z_][\w.]*(?:<[^()]*>)?)\s*[({]/.exec(t);
  if (newMatch) return { typeText: newMatch[1], source: `created with new ${stripGenerics(newMatch[1])}` };
  const thisMember = /^this\.([A-Za-z_]\w*)$/.exec(t);
  const name = thisMember ? thisMember[1] : /^[A-Za-z_]\w*$/.test(t) ? t : null;
  if (name) {
    if (!thisMember) {
      for (const b of bodyChain(body, bodies)) {
        const local = b.locals.find((l) => l.name === name);
        if (local) {
          const typeText = local.typeText ?? local.inferredTypeText ?? (local.initializerText ? typeOfExpression(local.initializerText, b, bodies, index)?.typeText ?? null : null);
          return typeText ? { typeText, source: `local ${name}` } : null;
        }
        const param = b.parameters.find((p) => p.name === name);
        if (param) return param.typeText ? { typeText: param.typeText, source: `parameter ${name}` } : null;
      }
    }
    const owner = bodyChain(body, bodies).map((b) => b.containingType).find((x) => x !== null) ?? null;
    if (owner && index) {
      for (const typeName of typeFamily(index, owner)) {
        for (const ref of typesNamed(index, typeName)) {
          const member = ref.type.members.find((m) => m.name === name && (m.kind === 'field' || m.kind === 'property'));
          if (member?.typeText) return { typeText: member.typeText, source: `${member.kind} ${name}` };
        }
      }
    }
    return typeFromApiSignatures(t, body, bodies, index);
  }
  // A call to a workspace method: its declared return type, when every overload agrees.
  const call = /^(?:(.+)\.)?([A-Za-z_]\w*)(?:<[^()]*>)?\s*\((.*)\)$/s.exec(t);
  if (call && index) {
    const receiverType = call[1] ? typeOfExpression(call[1], body, bodies, index) : null;
    const owner = call[1] ? (receiverType ? stripGenerics(receiverType.typeText) : null) : body.containingType;
    const candidates = methodsNamed(index, call[2], owner).filter((m) => m.member?.typeText);
    const types = new Set(candidates.map((m) => m.member!.typeText));
    if (types.size === 1) return { typeText: [...types][0]!, source: `return type of ${call[2]}` };
  }
  return typeFromApiSignatures(t, body, bodies, index);
}

/**
 * The lookup step after the workspace's declarations: the API signature database (server/src/signatures) types
 * receivers and calls the workspace does not declare (`File.ReadAllTextAsync(path)` is a Task<string>,
 * `_http.GetAsync(url)` on an HttpClient field a Task<HttpResponseMessage>), resolving names with the file's
 * usings. Answers are qualified C# (`System.Threading.Tasks.Task<string>`). Results are kept per body while the
 * index is unchanged, since rules ask about the same receivers many times and chains re-type their prefixes.
 */
function typeFromApiSignatures(text: string, body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex | null): ExpressionType | null {
  const db = signatureDatabase();
  if (!db) return null;
  const version = index?.version ?? -1;
  let cache = apiAnswers.get(body);
  if (!cache || cache.version !== version || cache.db !== db) apiAnswers.set(body, (cache = { version, db, answers: new Map() }));
  const known = cache.answers.get(text);
  if (known !== undefined) return known;
  // A placeholder first, so an expression that leads back to itself ends as unknown.
  cache.answers.set(text, null);
  const found = apiTypeOfExpression(text, {
    api: apiContextOf(db, bodies, index),
    typeOf: (sub) => typeOfExpression(sub, body, bodies, index)?.typeText ?? null,
    isLocalName: (name) => bodyChain(body, bodies).some((b) => b.locals.some((l) => l.name === name) || b.parameters.some((p) => p.name === name)),
    containingBases: containingBasesOf(body, bodies, index),
    workspaceType: (typeText) => workspaceTypeOf(typeText, index),
  });
  const answer = found ? { typeText: found.typeText, source: found.source } : null;
  cache.answers.set(text, answer);
  return answer;
}

const apiAnswers = new WeakMap<MethodBody, { version: number; db: SignatureDatabase; answers: Map<string, ExpressionType | null> }>();
const apiContexts = new WeakMap<readonly MethodBody[], { version: number; context: ApiContext }>();

/** The database seen from one file: its usings (from the index's model of the file) and the workspace's type names. */
function apiContextOf(db: SignatureDatabase, bodies: readonly MethodBody[], index: WorkspaceIndex | null): ApiContext {
  const version = index?.version ?? -1;
  const cached = apiContexts.get(bodies);
  if (cached && cached.version === version && cached.context.db === db) return cached.context;
  let usings: readonly string[] = [];
  if (index) for (const model of index.files.values()) if (model.bodies === bodies) usings = model.usings;
  const context = apiContext(db, { usings, isWorkspaceType: (name) => index !== null && typesNamed(index, name).length > 0 });
  apiContexts.set(bodies, { version, context });
  return context;
}

/** The base types (as written) of the workspace type around a body that the workspace does not declare itself. */
function containingBasesOf(body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex | null): string[] {
  const owner = bodyChain(body, bodies).map((b) => b.containingType).find((x) => x !== null) ?? null;
  return owner && index ? apiBasesOf(owner, index) : [];
}

function apiBasesOf(typeName: string, index: WorkspaceIndex): string[] {
  const bases: string[] = [];
  for (const name of typeFamily(index, typeName)) {
    for (const ref of typesNamed(index, name)) for (const b of ref.type.baseTypes) if (typesNamed(index, b).length === 0) bases.push(b);
  }
  return bases;
}

/** A workspace type's fields and properties (its own and its workspace bases') and its bases outside the workspace. */
function workspaceTypeOf(typeText: string, index: WorkspaceIndex | null): { memberType(name: string): string | null; apiBases: readonly string[] } | null {
  if (!index || typesNamed(index, typeText).length === 0) return null;
  const family = typeFamily(index, typeText);
  return {
    memberType: (name) => {
      for (const typeName of family) {
        for (const ref of typesNamed(index, typeName)) {
          const member = ref.type.members.find((m) => m.name === name && (m.kind === 'field' || m.kind === 'property'));
          if (member?.typeText) return member.typeText;
        }
      }
      return null;
    },
    apiBases: apiBasesOf(typeText, index),
  };
}

export type TaskEvidence = { verdict: 'task' | 'notTask' | 'unknown'; reason: string };

const TASK_FACTORIES = /^(?:System\.Threading\.Tasks\.)?Task(?:\.Factory)?\.(Run|WhenAll|WhenAny|StartNew|Delay|FromResult)\b/;

/** Whether an expression is a Task/ValueTask, from declarations first, then from naming conventions. */
export function taskEvidence(text: string, body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex | null): TaskEvidence {
  const t = text.trim();
  const typed = typeOfExpression(t, body, bodies, index);
  if (typed) {
    const kind = classifyReturnType(typed.typeText, false).kind;
    // ConfigureAwait's awaitables wrap a task: blocking on their GetAwaiter().GetResult() blocks on it.
    if (isTaskLike(kind) || /^(?:System\.Threading\.Tasks\.)?(Task|ValueTask)\b|^(?:System\.Runtime\.CompilerServices\.)?Configured(?:Value)?TaskAwaitable\b/.test(typed.typeText)) {
      return { verdict: 'task', reason: `${typed.source} is a ${stripGenerics(typed.typeText)}` };
    }
    return { verdict: 'notTask', reason: `${typed.source} is a ${typed.typeText}` };
  }
  if (TASK_FACTORIES.test(t)) return { verdict: 'task', reason: 'a Task factory call' };
  const call = /([A-Za-z_]\w*)(?:<[^()]*>)?\s*\([^]*\)$/.exec(t);
  if (call && /Async$/.test(call[1])) return { verdict: 'task', reason: `${call[1]} follows the Async naming convention` };
  if (/^(this\.)?_?[A-Za-z]*[tT]ask[s]?$|^t\d?$/.test(t)) return { verdict: 'task', reason: `the name ${t} suggests a task` };
  return { verdict: 'unknown', reason: `the type of ${t} is not visible without a compiler` };
}
