/**
 * C# preprocessing directives as the compiler reads them: which directive a line holds, and the value of an
 * `#if`/`#elif` condition for a set of defined symbols (C# spec, "Preprocessing directives":
 * https://learn.microsoft.com/dotnet/csharp/language-reference/preprocessor-directives).
 */

export type DirectiveKind =
  | 'if' | 'elif' | 'else' | 'endif' | 'define' | 'undef' | 'region' | 'endregion' | 'pragma' | 'nullable'
  | 'error' | 'warning' | 'line' | 'ignored' | 'unknown';

export interface Directive {
  kind: DirectiveKind;
  /** The rest of the line after the directive's name, without a trailing `//` comment, trimmed. */
  argument: string;
}

const NAMES = new Set<string>(['if', 'elif', 'else', 'endif', 'define', 'undef', 'region', 'endregion', 'pragma', 'nullable', 'error', 'warning', 'line']);

/**
 * Reads one directive line (starting at its `#`). `#!` and `#:` are the ignored directives of file-based
 * programs (C# 14); the compiler skips them, and so does AsyncLens.
 */
export function readDirective(line: string): Directive {
  const body = line.replace(/^\s*#/, '');
  if (body.startsWith('!') || body.startsWith(':')) return { kind: 'ignored', argument: body.slice(1).trim() };
  const m = /^\s*([a-z]+)\b(.*)$/s.exec(body);
  if (!m || !NAMES.has(m[1])) return { kind: 'unknown', argument: body.trim() };
  const kind = m[1] as DirectiveKind;
  // Only the conditional and symbol directives end at a `//` comment; #region, #error and #warning take the
  // whole line as their text, which does not matter here.
  const argument = kind === 'if' || kind === 'elif' || kind === 'define' || kind === 'undef' ? stripComment(m[2]) : m[2];
  return { kind, argument: argument.trim() };
}

function stripComment(text: string): string {
  const at = text.indexOf('//');
  return at === -1 ? text : text.slice(0, at);
}

/** A condition's value, or an error message when it is not a valid preprocessing expression. */
export type ConditionValue = { value: boolean; error?: undefined } | { value: false; error: string };

/**
 * Evaluates `#if` expressions: symbols, `true`, `false`, `!`, `==`, `!=`, `&&`, `||` and parentheses, with the
 * spec's precedence (unary, equality, and, or). An undefined symbol is false, as the compiler has it.
 */
export function evaluateCondition(expression: string, defined: ReadonlySet<string>): ConditionValue {
  const tokens = expression.match(/[A-Za-z_][A-Za-z0-9_]*|&&|\|\||==|!=|!|\(|\)|\S/g) ?? [];
  let pos = 0;
  const fail = (message: string): never => {
    throw new ConditionError(message);
  };
  const primary = (): boolean => {
    const t = tokens[pos++];
    if (t === undefined) return fail('the condition ends too early');
    if (t === '!') return !primary();
    if (t === '(') {
      const v = or();
      if (tokens[pos++] !== ')') fail('a ( is not closed');
      return v;
    }
    if (t === 'true') return true;
    if (t === 'false') return false;
    if (/^[A-Za-z_]/.test(t)) return defined.has(t);
    return fail(`unexpected "${t}"`);
  };
  const equality = (): boolean => {
    let v = primary();
    while (tokens[pos] === '==' || tokens[pos] === '!=') {
      const op = tokens[pos++];
      const right = primary();
      v = op === '==' ? v === right : v !== right;
    }
    return v;
  };
  const and = (): boolean => {
    let v = equality();
    while (tokens[pos] === '&&') {
      pos++;
      const right = equality();
      v = v && right;
    }
    return v;
  };
  const or = (): boolean => {
    let v = and();
    while (tokens[pos] === '||') {
      pos++;
      const right = and();
      v = v || right;
    }
    return v;
  };
  try {
    if (tokens.length === 0) return { value: false, error: 'the condition is empty' };
    const value = or();
    if (pos < tokens.length) return { value: false, error: `unexpected "${tokens[pos]}"` };
    return { value };
  } catch (err) {
    if (err instanceof ConditionError) return { value: false, error: err.message };
    throw err;
  }
}

class ConditionError extends Error {}

/** One open `#if` while reading a file. */
interface Conditional {
  /** Whether the code around the `#if` is compiled. */
  parentActive: boolean;
  /** Whether some branch of this `#if` has been taken already, so later branches are not. */
  taken: boolean;
  /** Whether the current branch is compiled. */
  active: boolean;
  sawElse: boolean;
}

/** The `#if` nesting of one file as it is read, line by line. */
export class ConditionalStack {
  private readonly open: Conditional[] = [];
  private readonly symbols: Set<string>;

  constructor(defined: ReadonlySet<string>) {
    this.symbols = new Set(defined);
  }

  /** Whether code at this point is compiled. */
  get active(): boolean {
    return this.open.length === 0 || this.open[this.open.length - 1].active;
  }

  get depth(): number {
    return this.open.length;
  }

  /** Applies a directive; returns a problem to report, or null. */
  apply(d: Directive): string | null {
    const top = this.open[this.open.length - 1];
    switch (d.kind) {
      case 'if': {
        const parentActive = this.active;
        // Inside a skipped section the compiler only tracks nesting; it neither evaluates nor checks conditions.
        if (!parentActive) {
          this.open.push({ parentActive, taken: true, active: false, sawElse: false });
          return null;
        }
        const c = evaluateCondition(d.argument, this.symbols);
        const active = parentActive && c.value;
        this.open.push({ parentActive, taken: active || !parentActive, active, sawElse: false });
        return c.error ? `#if ${d.argument}: ${c.error}` : null;
      }
      case 'elif': {
        if (!top || top.sawElse) return '#elif without a matching #if';
        if (top.taken || !top.parentActive) {
          top.active = false;
          return null;
        }
        const c = evaluateCondition(d.argument, this.symbols);
        top.active = c.value;
        top.taken = c.value;
        return c.error ? `#elif ${d.argument}: ${c.error}` : null;
      }
      case 'else':
        if (!top || top.sawElse) return '#else without a matching #if';
        top.active = top.parentActive && !top.taken;
        top.taken = true;
        top.sawElse = true;
        return null;
      case 'endif':
        if (!top) return '#endif without a matching #if';
        this.open.pop();
        return null;
      case 'define':
      case 'undef':
        if (!this.active) return null;
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(d.argument)) return `#${d.kind} needs one symbol name`;
        if (d.kind === 'define') this.symbols.add(d.argument);
        else this.symbols.delete(d.argument);
        return null;
      default:
        return null;
    }
  }
}
