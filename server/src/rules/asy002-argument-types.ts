/**
 * What ASY002 can say about an argument's type without a compiler (literals, casts, declarations) and whether it
 * fits a parameter type: 'fits', 'conflicts' only where C# has no implicit conversion between two built-in types,
 * and 'unknown' everywhere else (a workspace struct may declare an implicit conversion from string).
 */
import type { MethodBody } from '../model/types';
import type { RuleContext } from './types';
import { receiverTypeOf } from './asy001-004-blocking-common';

export type Fit = 'fits' | 'conflicts' | 'unknown';

const ALIASES: Record<string, string> = {
  Int32: 'int', Int64: 'long', Int16: 'short', Byte: 'byte', SByte: 'sbyte', UInt32: 'uint', UInt64: 'ulong', UInt16: 'ushort',
  Boolean: 'bool', String: 'string', Char: 'char', Double: 'double', Single: 'float', Decimal: 'decimal', Object: 'object',
};

/** `System.Int32?` -> `int`, `global::System.Threading.CancellationToken` -> `CancellationToken`. */
export function canonicalType(text: string): string {
  let t = text.replace(/\s+/g, '').replace(/global::/g, '').replace(/\?$/, '');
  t = t.replace(/\bSystem\.(?:Collections\.Generic\.|Threading\.Tasks\.|Threading\.|IO\.)?/g, '');
  return ALIASES[t] ?? t;
}

/** Implicit numeric conversions (C# spec, "Implicit numeric conversions"): from a type to the types it widens to. */
const WIDENS_TO: Record<string, readonly string[]> = {
  sbyte: ['short', 'int', 'long', 'float', 'double', 'decimal'],
  byte: ['short', 'ushort', 'int', 'uint', 'long', 'ulong', 'float', 'double', 'decimal'],
  short: ['int', 'long', 'float', 'double', 'decimal'],
  ushort: ['int', 'uint', 'long', 'ulong', 'float', 'double', 'decimal'],
  int: ['long', 'float', 'double', 'decimal'],
  uint: ['long', 'ulong', 'float', 'double', 'decimal'],
  long: ['float', 'double', 'decimal'],
  ulong: ['float', 'double', 'decimal'],
  char: ['ushort', 'int', 'uint', 'long', 'ulong', 'float', 'double', 'decimal'],
  float: ['double'],
  double: [],
  decimal: [],
};
const INTEGRAL = new Set(['sbyte', 'byte', 'short', 'ushort', 'int', 'uint', 'long', 'ulong', 'char']);
const BUILT_IN = new Set([...Object.keys(WIDENS_TO), 'bool', 'string']);
const VALUE_BUILT_IN = new Set([...Object.keys(WIDENS_TO), 'bool']);

/** Whether an argument of `argType` can be passed to a parameter of `paramType`. */
export function typesFit(argType: string, paramType: string, isIntegerLiteral: boolean): Fit {
  const a = canonicalType(argType);
  const p = canonicalType(paramType);
  if (a === p || p === 'object') return 'fits';
  if (a === 'null') return VALUE_BUILT_IN.has(p) && !paramType.trim().endsWith('?') ? 'conflicts' : 'unknown';
  if (a in WIDENS_TO && p in WIDENS_TO) {
    // A constant integer converts to any integral type it fits in (C# spec, "Implicit constant expression conversions").
    if (isIntegerLiteral && (INTEGRAL.has(p) || WIDENS_TO.int.includes(p))) return 'fits';
    return WIDENS_TO[a].includes(p) ? 'fits' : 'conflicts';
  }
  if (BUILT_IN.has(a) && BUILT_IN.has(p)) return 'conflicts';
  return 'unknown';
}

/** An argument's type from its literal form, a cast, or the declarations `receiverTypeOf` reads; null when not visible. */
export function argumentTypeOf(ctx: RuleContext, body: MethodBody, text: string): string | null {
  const t = text.trim();
  const literal = literalType(t);
  if (literal) return literal;
  const cast = /^\(\s*([A-Za-z_][\w.]*(?:<[^()]*>)?\??)\s*\)\s*[A-Za-z_(]/.exec(t);
  if (cast && !/^\(\s*[a-z_]\w*\s*\)/.test(t)) return cast[1];
  if (/^nameof\s*\(/.test(t)) return 'string';
  return receiverTypeOf(ctx, body, t);
}

function literalType(t: string): string | null {
  if (t === 'null') return 'null';
  if (t === 'true' || t === 'false') return 'bool';
  if (/^(\$|@|\$@|@\$)?"/.test(t) || t.startsWith('"""')) return 'string';
  if (/^'(\\.|[^'])+'$/.test(t)) return 'char';
  const number = /^-?(0[xX][\da-fA-F_]+|0[bB][01_]+|\d[\d_]*)(\.\d[\d_]*)?([eE][+-]?\d+)?([uUlLfFdDmM]{0,2})$/.exec(t);
  if (!number) return null;
  const suffix = number[4].toLowerCase();
  if (suffix === 'f') return 'float';
  if (suffix === 'd') return 'double';
  if (suffix === 'm') return 'decimal';
  if (number[2] || number[3]) return 'double';
  if (suffix === 'l') return 'long';
  if (suffix === 'u') return 'uint';
  if (suffix === 'ul' || suffix === 'lu') return 'ulong';
  return 'int';
}
