/** Reads a returned expression as a C# literal, which decides whether the runtime's Task<T> cache applies. */
import type { SyntaxNode } from '../parse/parser';
import type { ReturnedLiteral } from './types';

export function literalOf(expr: SyntaxNode): ReturnedLiteral | null {
  let node = expr;
  while (node.type === 'parenthesized_expression' && node.namedChildren[0]) node = node.namedChildren[0];
  let negative = false;
  if (node.type === 'prefix_unary_expression' && node.text.startsWith('-') && node.namedChildren[0]) {
    negative = true;
    node = node.namedChildren[0];
  }
  const text = node.text;
  switch (node.type) {
    case 'integer_literal': {
      const suffix = /([uU][lL]|[lL][uU]|[lL]|[uU])$/.exec(text)?.[1]?.toLowerCase() ?? '';
      const digits = text.slice(0, text.length - suffix.length).replace(/_/g, '');
      let value: bigint;
      try {
        value = BigInt(digits.startsWith('0b') || digits.startsWith('0B') ? `0b${digits.slice(2)}` : digits);
      } catch {
        return null;
      }
      if (negative) value = -value;
      const kind = suffix === 'ul' || suffix === 'lu' ? 'ulong' : suffix === 'l' ? 'long' : suffix === 'u' ? 'uint' : 'int';
      return { kind, value: value.toString() };
    }
    case 'real_literal': {
      const kind = /[mM]$/.test(text) ? 'decimal' : /[fF]$/.test(text) ? 'float' : 'double';
      return { kind, value: (negative ? '-' : '') + text.replace(/[mMfFdD]$/, '') };
    }
    case 'boolean_literal':
      return { kind: 'bool', value: text };
    case 'null_literal':
      return { kind: 'null', value: 'null' };
    case 'character_literal':
      return { kind: 'char', value: text };
    case 'string_literal':
    case 'verbatim_string_literal':
    case 'raw_string_literal':
      return { kind: 'string', value: text };
    case 'default_expression':
      return { kind: 'default', value: 'default' };
    default:
      return text === 'default' ? { kind: 'default', value: 'default' } : null;
  }
}
