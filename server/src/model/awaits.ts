/** Recognises what an `await` waits for, from its operand's syntax alone (no types). */
import type { SyntaxNode } from '../parse/parser';
import { namedChildOfType } from '../parse/syntaxTable';
import type { AwaitOperand, AwaitOperandKind, Callee } from './types';
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
  // Each operand is written out as one literal (operandOf), not spread from a shared part and then given its kind:
  // Node 20's V8 gives an object made by a spread followed by a new property a hidden class (map) of its own,
  // several hundred bytes more per await in every model and a new map to build each time.
  const base = { text, configureAwait };

  if (node.type === 'member_access_expression') {
    const recv = node.childForFieldName('expression')?.text ?? '';
    const name = node.childForFieldName('name')?.text ?? '';
    if (TASK_TYPES.has(lastSegment(recv)) && name === 'CompletedTask') return operandOf(base, 'completedTask', null, null);
  }
  if (node.type === 'default_expression' || node.type === 'default_literal' || node.text === 'default') {
    const typeText = node.childForFieldName('type')?.text ?? node.namedChildren[0]?.text ?? '';
    if (/^(System\.Threading\.Tasks\.)?ValueTask$/.test(typeText)) return operandOf(base, 'completedTask', null, null);
    return operandOf(base, 'fromResult', null, 'default');
  }
  if (node.type === 'object_creation_expression') {
    const typeText = node.childForFieldName('type')?.text ?? '';
    if (/^(System\.Threading\.Tasks\.)?ValueTask(<.*>)?$/.test(typeText)) {
      const args = node.childForFieldName('arguments');
      const first = (args ? namedChildOfType(args, 'argument') : undefined);
      // new ValueTask<T>(value) is complete; new ValueTask(task) or (source, token) is not known to be.
      if (typeText.includes('<') && args && args.namedChildren.filter((c) => c?.type === 'argument').length === 1) {
        return operandOf(base, 'fromResult', null, first?.text ?? null);
      }
    }
  }
  if (node.type === 'invocation_expression') {
    const callee = calleeOf(node);
    if (callee) {
      const args = argumentTexts(node);
      const calleeInfo = { name: callee.name, receiver: callee.receiver, argumentCount: args.length, typeArgumentCount: callee.typeArguments.length };
      const onTaskType = callee.receiver !== null && TASK_TYPES.has(lastSegment(callee.receiver));
      if (onTaskType) {
        switch (callee.name) {
          case 'FromResult':
            return operandOf(base, 'fromResult', calleeInfo, args[0] ?? null);
          case 'FromException':
          case 'FromCanceled':
            return operandOf(base, 'completedTask', calleeInfo, null);
          case 'Yield':
            return operandOf(base, 'yield', calleeInfo, null);
          case 'Delay':
            return operandOf(base, 'delay', calleeInfo, null);
          case 'WhenAll':
            return operandOf(base, 'whenAll', calleeInfo, null);
          case 'WhenAny':
            return operandOf(base, 'whenAny', calleeInfo, null);
          case 'Run':
            return operandOf(base, 'run', calleeInfo, null);
        }
      }
      return operandOf(base, 'call', calleeInfo, null);
    }
  }
  if (node.type === 'identifier' || (node.type === 'member_access_expression' && /^(this\.)?[A-Za-z_]\w*$/.test(node.text))) {
    return operandOf(base, 'variable', null, null);
  }
  return operandOf(base, 'unknown', null, null);
}

/** The operand, its keys in the order the spread gave them before (text, configureAwait, callee, resultText, kind). */
function operandOf(base: { text: string; configureAwait: string | null }, kind: AwaitOperandKind, callee: Callee | null, resultText: string | null): AwaitOperand {
  return { text: base.text, configureAwait: base.configureAwait, callee, resultText, kind };
}

function lastSegment(text: string): string {
  const dot = text.lastIndexOf('.');
  return dot === -1 ? text : text.slice(dot + 1);
}
