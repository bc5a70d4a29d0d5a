/**
 * What an async iterator's state machine keeps that an async method's does not: every `yield return` suspends the
 * iterator like an await (locals read after it are hoisted, a foreach around it keeps its enumerator), and a
 * parameter marked [EnumeratorCancellation] adds the combined-tokens field.
 */
import type { SyntaxNode } from '../parse/parser';
import type { Span } from './types';
import { spanOf } from './syntax';

export interface IteratorFacts {
  /** Spans of the body's own `yield return` statements (not `yield break`). */
  yieldReturns: Span[];
  /** The name of the parameter marked [EnumeratorCancellation], or null. */
  enumeratorCancellation: string | null;
}

export function iteratorFactsOf(fn: SyntaxNode | null, yieldStatements: SyntaxNode[]): IteratorFacts {
  const yieldReturns = yieldStatements.filter((y) => !/^yield\s+break\b/.test(y.text)).map(spanOf);
  let enumeratorCancellation: string | null = null;
  const list = fn && yieldReturns.length > 0 ? fn.childForFieldName('parameters') : null;
  for (const p of list?.namedChildren ?? []) {
    if (!p || p.type !== 'parameter') continue;
    const marked = p.namedChildren.some((c) => c?.type === 'attribute_list' && /\bEnumeratorCancellation(Attribute)?\b/.test(c.text));
    if (marked) enumeratorCancellation = p.childForFieldName('name')?.text ?? null;
  }
  return { yieldReturns, enumeratorCancellation };
}
