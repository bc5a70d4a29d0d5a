/**
 * The value of a constant expression the source names rather than spells: an enum member (`Color.Red`, `Level.Max`
 * declared as `High + 1`), a `const` field (`Limits.Zero`, `SmallConst`), a cast of a literal (`(Color)0`), a BCL
 * constant (`int.MaxValue`, `DayOfWeek.Sunday`), and arithmetic over them. What the runtime caches depends on the
 * value, not on how it is written, so the result cache (resultCache.ts) reads the value as if it were a literal.
 * Anything not constant (a field that is not const, a call) gives null.
 */
import type { ReturnedLiteral } from '../model/types';
import { typesNamed, type WorkspaceIndex } from '../workspace/index';
import { bclConstant } from '../knowledge/constants';
import { BCL_ENUMS } from '../knowledge/typeSizes';

export interface ConstantScope {
  index: WorkspaceIndex | null;
  /** The type whose members a simple name refers to (the method's containing type, or the enum being evaluated). */
  containingType: string | null;
}

type Value =
  | { kind: 'integer'; value: bigint }
  | { kind: 'real'; value: number }
  | { kind: 'decimal'; text: string }
  | { kind: 'bool'; value: boolean }
  | { kind: 'char'; code: number }
  | { kind: 'string'; text: string }
  | { kind: 'null' };

const MAX_DEPTH = 16;

/** The value of a constant expression, as the literal it equals, or null when it is not a constant the model can see. */
export function constantLiteralOf(text: string, scope: ConstantScope): ReturnedLiteral | null {
  const value = evaluate(text, scope, 0);
  return value ? literalOf(value) : null;
}

function literalOf(v: Value): ReturnedLiteral {
  switch (v.kind) {
    case 'integer': return { kind: v.value >= -(2n ** 31n) && v.value < 2n ** 31n ? 'int' : 'long', value: v.value.toString() };
    case 'real': return { kind: 'double', value: Object.is(v.value, -0) ? '-0.0' : Number.isInteger(v.value) ? `${v.value}.0` : String(v.value) };
    case 'decimal': return { kind: 'decimal', value: v.text };
    case 'bool': return { kind: 'bool', value: String(v.value) };
    case 'char': return { kind: 'char', value: v.code === 0 ? "'\\0'" : `'${String.fromCharCode(v.code)}'` };
    case 'string': return { kind: 'string', value: v.text };
    case 'null': return { kind: 'null', value: 'null' };
  }
}

function evaluate(text: string, scope: ConstantScope, depth: number): Value | null {
  if (depth > MAX_DEPTH) return null;
  const tokens = tokenize(text);
  if (!tokens) return null;
  const parser = new Parser(tokens, scope, depth);
  const value = parser.expression(0);
  return value && parser.atEnd() ? value : null;
}

// ---- tokens ----

type Token = { kind: 'number' | 'char' | 'string' | 'name' | 'op'; text: string };

const OPERATORS = ['<<', '>>', '+', '-', '*', '/', '%', '&', '|', '^', '~', '!', '(', ')', '.'];

function tokenize(text: string): Token[] | null {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) { i++; continue; }
    const rest = text.slice(i);
    const number = /^(0[xX][\da-fA-F_]+|0[bB][01_]+|(\d[\d_]*)?\.?\d[\d_]*([eE][-+]?\d+)?)([uU][lL]?|[lL][uU]?|[mMfFdD])?/.exec(rest);
    if (number && /^[.\d]/.test(rest) && !(rest[0] === '.' && !/\d/.test(rest[1] ?? ''))) {
      out.push({ kind: 'number', text: number[0] });
      i += number[0].length;
      continue;
    }
    const char = /^'(\\u[\da-fA-F]{4}|\\x[\da-fA-F]{1,4}|\\.|[^'\\])'/.exec(rest);
    if (char) { out.push({ kind: 'char', text: char[1] }); i += char[0].length; continue; }
    const string = /^@?"((?:[^"\\]|\\.|"")*)"/.exec(rest);
    if (string) { out.push({ kind: 'string', text: string[0] }); i += string[0].length; continue; }
    const name = /^@?[A-Za-z_]\w*/.exec(rest);
    if (name) { out.push({ kind: 'name', text: name[0].replace(/^@/, '') }); i += name[0].length; continue; }
    if (rest.startsWith('global::')) { i += 8; continue; }
    const op = OPERATORS.find((o) => rest.startsWith(o));
    if (!op) return null;
    out.push({ kind: 'op', text: op });
    i += op.length;
  }
  return out;
}

// ---- expressions ----

/** Binary operators by precedence, loosest first (C# spec 12.4.2; the comparison levels are not needed here). */
const LEVELS: string[][] = [['|'], ['^'], ['&'], ['<<', '>>'], ['+', '-'], ['*', '/', '%']];

const INTEGRAL_TYPES = new Set(['int', 'uint', 'long', 'ulong', 'short', 'ushort', 'byte', 'sbyte', 'char', 'nint', 'nuint']);
const REAL_TYPES = new Set(['double', 'float']);

class Parser {
  private at = 0;

  constructor(private readonly tokens: Token[], private readonly scope: ConstantScope, private readonly depth: number) {}

  atEnd(): boolean {
    return this.at === this.tokens.length;
  }

  private peek(offset = 0): Token | undefined {
    return this.tokens[this.at + offset];
  }

  private isOp(text: string, offset = 0): boolean {
    const t = this.peek(offset);
    return !!t && t.kind === 'op' && t.text === text;
  }

  expression(level: number): Value | null {
    if (level === LEVELS.length) return this.unary();
    let left = this.expression(level + 1);
    while (left && this.peek()?.kind === 'op' && LEVELS[level].includes(this.peek()!.text)) {
      const op = this.tokens[this.at++].text;
      const right = this.expression(level + 1);
      if (!right) return null;
      left = binary(op, left, right);
    }
    return left;
  }

  private unary(): Value | null {
    const t = this.peek();
    if (!t) return null;
    if (t.kind === 'op' && ['-', '+', '~', '!'].includes(t.text)) {
      this.at++;
      const operand = this.unary();
      return operand ? unaryOp(t.text, operand) : null;
    }
    if (this.isOp('(')) {
      const cast = this.castType();
      if (cast) {
        this.at = cast.end;
        const operand = this.unary();
        return operand ? convert(operand, cast.type, this.scope) : null;
      }
      this.at++;
      const inner = this.expression(0);
      if (!inner || !this.isOp(')')) return null;
      this.at++;
      return inner;
    }
    return this.primary();
  }

  /** `(Name)` or `(A.B)` followed by something that starts an operand: a cast (C# spec 12.9.7). */
  private castType(): { type: string; end: number } | null {
    let i = this.at + 1;
    const parts: string[] = [];
    while (this.tokens[i]?.kind === 'name') {
      parts.push(this.tokens[i].text);
      if (this.tokens[i + 1]?.kind === 'op' && this.tokens[i + 1].text === '.') i += 2;
      else { i++; break; }
    }
    if (parts.length === 0 || !(this.tokens[i]?.kind === 'op' && this.tokens[i].text === ')')) return null;
    const next = this.tokens[i + 1];
    if (!next) return null;
    const type = parts[parts.length - 1];
    const startsOperand = next.kind !== 'op' || ['(', '~', '!'].includes(next.text) || (INTEGRAL_TYPES.has(type) || REAL_TYPES.has(type)) && ['-', '+'].includes(next.text);
    return startsOperand ? { type, end: i + 1 } : null;
  }

  private primary(): Value | null {
    const t = this.tokens[this.at++];
    if (!t) return null;
    if (t.kind === 'number') return numberValue(t.text);
    if (t.kind === 'char') return { kind: 'char', code: charCode(t.text) };
    if (t.kind === 'string') return { kind: 'string', text: t.text };
    if (t.kind !== 'name') return null;
    if (t.text === 'true' || t.text === 'false') return { kind: 'bool', value: t.text === 'true' };
    if (t.text === 'null') return { kind: 'null' };
    const path = [t.text];
    while (this.isOp('.') && this.peek(1)?.kind === 'name') {
      path.push(this.tokens[this.at + 1].text);
      this.at += 2;
    }
    return this.named(path);
  }

  /** A simple name (a constant of the type in scope) or `Type.Member` (the last two parts of a qualified name). */
  private named(path: string[]): Value | null {
    if (path.length === 1) return this.scope.containingType ? this.member(this.scope.containingType, path[0]) : null;
    const typeName = path[path.length - 2];
    const memberName = path[path.length - 1];
    return this.member(typeName, memberName);
  }

  private member(typeName: string, memberName: string): Value | null {
    if (this.scope.index) {
      for (const ref of typesNamed(this.scope.index, typeName)) {
        const constant = ref.type.constants.find((c) => c.name === memberName);
        if (!constant) continue;
        // An enum member's value names the enum's other members unqualified; a const field's names its own type's.
        const inner = evaluate(constant.valueText, { index: this.scope.index, containingType: ref.type.name }, this.depth + 1);
        if (!inner) return null;
        return ref.type.kind === 'enum' ? convert(inner, 'long', this.scope) : convert(inner, constant.typeText, this.scope);
      }
    }
    const known = bclConstant(typeName, memberName);
    return known ? numberValue(known.value) : null;
  }
}

function numberValue(text: string): Value | null {
  const clean = text.replace(/_/g, '');
  if (/[mM]$/.test(clean)) return { kind: 'decimal', text: clean.slice(0, -1) };
  if (/^0[xX]/.test(clean)) return { kind: 'integer', value: BigInt(clean.replace(/[uUlL]+$/, '')) };
  if (/^0[bB]/.test(clean)) return { kind: 'integer', value: BigInt(clean.replace(/[uUlL]+$/, '')) };
  if (/[.eE]|[fFdD]$/.test(clean)) {
    const n = Number(clean.replace(/[fFdD]$/, ''));
    return Number.isNaN(n) ? null : { kind: 'real', value: n };
  }
  try {
    return { kind: 'integer', value: BigInt(clean.replace(/[uUlL]+$/, '')) };
  } catch {
    return null;
  }
}

function charCode(body: string): number {
  if (body.startsWith('\\u') || body.startsWith('\\x')) return parseInt(body.slice(2), 16);
  if (body.startsWith('\\')) {
    const escapes: Record<string, number> = { '0': 0, n: 10, r: 13, t: 9, '\\': 92, "'": 39, '"': 34, a: 7, b: 8, f: 12, v: 11 };
    return escapes[body[1]] ?? body.charCodeAt(1);
  }
  return body.charCodeAt(0);
}

function toInteger(v: Value): bigint | null {
  if (v.kind === 'integer') return v.value;
  if (v.kind === 'char') return BigInt(v.code);
  return null;
}

function toReal(v: Value): number | null {
  if (v.kind === 'real') return v.value;
  const i = toInteger(v);
  return i === null ? null : Number(i);
}

function unaryOp(op: string, v: Value): Value | null {
  if (op === '!') return v.kind === 'bool' ? { kind: 'bool', value: !v.value } : null;
  if (op === '+') return v;
  if (v.kind === 'real') return op === '-' ? { kind: 'real', value: -v.value } : null;
  if (v.kind === 'decimal') return op === '-' ? { kind: 'decimal', text: v.text.startsWith('-') ? v.text.slice(1) : `-${v.text}` } : null;
  const i = toInteger(v);
  if (i === null) return null;
  return { kind: 'integer', value: op === '-' ? -i : ~i };
}

function binary(op: string, a: Value, b: Value): Value | null {
  if (a.kind === 'real' || b.kind === 'real') {
    const x = toReal(a);
    const y = toReal(b);
    if (x === null || y === null) return null;
    const r = op === '+' ? x + y : op === '-' ? x - y : op === '*' ? x * y : op === '/' ? x / y : op === '%' ? x % y : null;
    return r === null ? null : { kind: 'real', value: r };
  }
  if (a.kind === 'bool' && b.kind === 'bool' && ['&', '|', '^'].includes(op)) {
    return { kind: 'bool', value: op === '&' ? a.value && b.value : op === '|' ? a.value || b.value : a.value !== b.value };
  }
  const x = toInteger(a);
  const y = toInteger(b);
  if (x === null || y === null) return null;
  switch (op) {
    case '+': return { kind: 'integer', value: x + y };
    case '-': return { kind: 'integer', value: x - y };
    case '*': return { kind: 'integer', value: x * y };
    case '/': return y === 0n ? null : { kind: 'integer', value: x / y };
    case '%': return y === 0n ? null : { kind: 'integer', value: x % y };
    case '<<': return { kind: 'integer', value: x << y };
    case '>>': return { kind: 'integer', value: x >> y };
    case '&': return { kind: 'integer', value: x & y };
    case '|': return { kind: 'integer', value: x | y };
    case '^': return { kind: 'integer', value: x ^ y };
    default: return null;
  }
}

/** A cast or the conversion to a constant's declared type: integral and enum types keep the integer, real types the number. */
function convert(v: Value, typeName: string, scope: ConstantScope): Value | null {
  const simple = typeName.replace(/^.*\./, '').replace(/\?$/, '');
  if (REAL_TYPES.has(simple)) {
    const r = toReal(v);
    return r === null ? null : { kind: 'real', value: r };
  }
  if (simple === 'char') {
    const i = toInteger(v);
    return i === null ? null : { kind: 'char', code: Number(i) };
  }
  if (INTEGRAL_TYPES.has(simple) || isEnum(simple, scope)) {
    if (v.kind === 'real') return { kind: 'integer', value: BigInt(Math.trunc(v.value)) };
    const i = toInteger(v);
    return i === null ? null : { kind: 'integer', value: i };
  }
  return v;
}

function isEnum(typeName: string, scope: ConstantScope): boolean {
  if (BCL_ENUMS[typeName] !== undefined) return true;
  return !!scope.index && typesNamed(scope.index, typeName).some((r) => r.type.kind === 'enum');
}
