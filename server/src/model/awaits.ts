/** Recognises what an `await` waits for, from its operand's syntax alone (no types). */
import type { SyntaxNode } from '../parse/parser';
import type { AwaitOperand } from './types';
import { argumentTexts, calleeOf } from './syntax';

const TASK_TYPES = new Set(['Task', 'ValueTask']);

/**
 * Peels `.ConfigureAwait(x)` and parentheses off an awaited expression and classifies the rest.
 * `operandNode` is the await's child, or for quirk 1 of parser.md (`await x?.M()` parsing as
 * `(await x)?.M()`) the caller passes the whole chain and `textOverride` its text without `await`.
 */
export function classifyAwaitOperand(operandNode: SyntaxNode | null, textOverride?: string): AwaitOperand {
  if (!operandNode) return { kind: 'unknown', text: textOverride ?? '', configureAwait: null, callee: null, resultText: null };
  let node: SyntaxNode = operandNode;
  let configureAwait: string | null = null;
  for (;;) {
    if (node.type === 'parenthesized_expression' && node.namedChildren[0]) {
      node = node.namedChildren[0];
      continue;
    }
    if (node.type === 'invocation_expression') {
      const callee = calleeOf(node);
      const fn = node.childForFieldName('function');
      if (callee && callee.name === 'ConfigureAwait' && fn?.type === 'member_access_expression') {
        const inner = fn.childForFieldName('expression');
        if (inner) {
          configureAwait = argumentTexts(node)[0] ?? '';
          node = inner;
          continue;
        }
      }
    }
    break;
  }
  const text = textOverride !== undefined && configureAwait === null ? textOverride : node.text;
  const base = { text, configureAwait, callee: null, resultText: null } as const;

  if (node.type === 'member_access_expression') {
    const recv = node.childForFieldName('expression')?.text ?? '';
    const name = node.childForFieldName('name')?.text ?? '';
    if (TASK_TYPES.has(lastSegment(recv)) && name === 'CompletedTask') return { ...base, kind: 'completedTask' };
  }
  if (node.type === 'default_expression' || node.type === 'default_literal' || node.text === 'default') {
    const typeText = node.childForFieldName('type')?.text ?? node.namedChildren[0]?.text ?? '';
    if (/^(System\.Threading\.Tasks\.)?ValueTask$/.test(typeText)) return { ...base, kind: 'completedTask' };
    return { ...base, kind: 'fromResult', resultText: 'default' };
  }
  if (node.type === 'object_creation_expression') {
    const typeText = node.childForFieldName('type')?.text ?? '';
    if (/^(System\.Threading\.Tasks\.)?ValueTask(<.*>)?$/.test(typeText)) {
      const args = node.childForFieldName('arguments');
      const first = args?.namedChildren.find((c) => c?.type === 'argument');
      // new ValueTask<T>(value) is complete; new ValueTask(task) or (source, token) is not known to be.
      if (typeText.includes('<') && args && args.namedChildren.filter((c) => c?.type === 'argument').length === 1) {
        return { ...base, kind: 'fromResult', resultText: first?.text ?? null };
      }
    }
  }
  if (node.type === 'invocation_expression') {
    const callee = calleeOf(node);
    if (callee) {
      const args = argumentTexts(node);
      const calleeInfo = { name: callee.name, receiver: callee.receiver, argumentCount: args.length };
      const onTaskType = callee.receiver !== null && TASK_TYPES.has(lastSegment(callee.receiver));
      if (onTaskType) {
        switch (callee.name) {
          case 'FromResult':
            return { ...base, kind: 'fromResult', callee: calleeInfo, resultText: args[0] ?? null };
          case 'FromException':
          case 'FromCanceled':
            return { ...base, kind: 'completedTask', callee: calleeInfo };
          case 'Yield':
            return { ...base, kind: 'yield', callee: calleeInfo };
          case 'Delay':
            return { ...base, kind: 'delay', callee: calleeInfo };
          case 'WhenAll':
            return { ...base, kind: 'whenAll', callee: calleeInfo };
          case 'WhenAny':
            return { ...base, kind: 'whenAny', callee: calleeInfo };
          case 'Run':
            return { ...base, kind: 'run', callee: calleeInfo };
        }
      }
      return { ...base, kind: 'call', callee: calleeInfo };
    }
  }
  if (node.type === 'identifier' || (node.type === 'member_access_expression' && /^(this\.)?[A-Za-z_]\w*$/.test(node.text))) {
    return { ...base, kind: 'variable' };
  }
  return { ...base, kind: 'unknown' };
}

function lastSegment(text: string): string {
  const dot = text.lastIndexOf('.');
  return dot === -1 ? text : text.slice(dot + 1);
}
