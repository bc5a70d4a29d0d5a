/**
 * What type an expression has, as far as declarations in the workspace say: locals, parameters, fields,
 * properties and workspace method return types. No compiler, so the answer may be "unknown".
 */
import type { MethodBody } from '../model/types';
import { bodyChain } from '../model/bodies';
import { classifyReturnType, isTaskLike } from '../model/returnKind';
import { methodsNamed, stripGenerics, typeFamily, typesNamed, type WorkspaceIndex } from './index';

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
    return null;
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
  return null;
}

export type TaskEvidence = { verdict: 'task' | 'notTask' | 'unknown'; reason: string };

const TASK_FACTORIES = /^(?:System\.Threading\.Tasks\.)?Task(?:\.Factory)?\.(Run|WhenAll|WhenAny|StartNew|Delay|FromResult)\b/;

/** Whether an expression is a Task/ValueTask, from declarations first, then from naming conventions. */
export function taskEvidence(text: string, body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex | null): TaskEvidence {
  const t = text.trim();
  const typed = typeOfExpression(t, body, bodies, index);
  if (typed) {
    const kind = classifyReturnType(typed.typeText, false).kind;
    if (isTaskLike(kind) || /^(?:System\.Threading\.Tasks\.)?(Task|ValueTask)\b/.test(typed.typeText)) return { verdict: 'task', reason: `${typed.source} is a ${stripGenerics(typed.typeText)}` };
    return { verdict: 'notTask', reason: `${typed.source} is a ${typed.typeText}` };
  }
  if (TASK_FACTORIES.test(t)) return { verdict: 'task', reason: 'a Task factory call' };
  const call = /([A-Za-z_]\w*)(?:<[^()]*>)?\s*\([^]*\)$/.exec(t);
  if (call && /Async$/.test(call[1])) return { verdict: 'task', reason: `${call[1]} follows the Async naming convention` };
  if (/^(this\.)?_?[A-Za-z]*[tT]ask[s]?$|^t\d?$/.test(t)) return { verdict: 'task', reason: `the name ${t} suggests a task` };
  return { verdict: 'unknown', reason: `the type of ${t} is not visible without a compiler` };
}
