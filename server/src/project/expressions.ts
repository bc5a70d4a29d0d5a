/**
 * MSBuild's property expansion (`$(Name)`, `$(Name.StartsWith('net'))`, `$([MSBuild]::IsTargetFrameworkCompatible(...))`)
 * and condition language (`'$(TargetFramework)' == 'net8.0' and !Exists('x')`), for the forms project files
 * commonly use. Anything else is "unknown" with a reason, never a silent guess: conditions evaluate in three
 * values (true, false, unknown), and `false and unknown` is still false.
 *
 * Source of the semantics: https://learn.microsoft.com/visualstudio/msbuild/msbuild-conditions and
 * https://learn.microsoft.com/visualstudio/msbuild/property-functions (string comparisons ignore case; `<`,
 * `>` compare numbers or versions; undefined properties expand to the empty string).
 */
import { isTargetFrameworkCompatible, parseTargetFramework, frameworkVersionText, versionCompare } from './frameworks';

/** A property's value, or why it is not known (it was set under a condition that could not be evaluated). */
export type PropertyValue = { value: string } | { unknown: string };

export interface ExpansionHost {
  /** Current value of a property (names ignore case); undefined when it was never set. */
  property(name: string): PropertyValue | undefined;
  /** Whether a file or folder exists (absolute path with forward slashes). */
  exists(path: string): boolean;
  /** The folder of the file being evaluated (for relative paths in Exists and property functions), with a trailing slash. */
  thisFileDirectory: string;
  /** Records a property that was read without ever being set (MSBuild would take an environment variable of that name). */
  onUndefined?(name: string): void;
}

export type Expanded = { value: string; unknown?: undefined } | { unknown: string; value?: undefined };

const unknown = (reason: string): Expanded => ({ unknown: reason });

/** Expands every `$(...)` in text. Item (`@(...)`) and metadata (`%(...)`) references are unknown outside targets. */
export function expand(text: string, host: ExpansionHost): Expanded {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if ((c === '$' || c === '@' || c === '%') && text[i + 1] === '(') {
      const close = matchingParen(text, i + 1);
      if (close === -1) return unknown(`unbalanced parentheses in ${JSON.stringify(text)}`);
      if (c !== '$') return unknown(`${text.slice(i, close + 1)} is an item or metadata reference, known only when targets run`);
      const inner = evaluateReference(text.slice(i + 2, close), host);
      if (inner.unknown !== undefined) return inner;
      out += inner.value;
      i = close + 1;
      continue;
    }
    out += c;
    i++;
  }
  return { value: out };
}

function matchingParen(text: string, open: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

/** Splits a property function's argument list at top-level commas. */
function splitArguments(text: string): string[] {
  const args: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      args.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (text.trim()) args.push(text.slice(start));
  return args;
}

function argumentValues(text: string, host: ExpansionHost): string[] | Expanded {
  const values: string[] = [];
  for (const raw of splitArguments(text)) {
    let arg = raw.trim();
    const q = arg[0];
    if ((q === "'" || q === '"' || q === '`') && arg.endsWith(q) && arg.length >= 2) arg = arg.slice(1, -1);
    const e = expand(arg, host);
    if (e.unknown !== undefined) return e;
    values.push(e.value);
  }
  return values;
}

const bool = (b: boolean) => (b ? 'True' : 'False');

function evaluateReference(body: string, host: ExpansionHost): Expanded {
  const text = body.trim();
  // $([Class]::Method(args)), possibly followed by members of its result: $([System.IO.Directory]::GetParent(x).Parent.FullName)
  const staticCall = /^\[([\w.]+)\]::(\w+)\s*(\()?/.exec(text);
  if (staticCall) {
    const called = argumentsAfter(text, staticCall[0].length, !!staticCall[3], text, host);
    if ('unknown' in called) return called;
    const result = staticFunction(staticCall[1], staticCall[2], called.args, host);
    if (result.unknown !== undefined) return result;
    const rest = text.slice(called.consumed).trim();
    if (!rest) return result;
    if (isDirectoryInfoFunction(staticCall[1], staticCall[2])) return directoryMembers(result.value, rest, text, host);
    return memberCalls(result.value, rest, text, host);
  }
  // $(Name) or $(Name.Method(args).Method(args))
  const name = /^([A-Za-z_][\w-]*)/.exec(text);
  if (!name) return unknown(`$(${text}) is not a property reference AsyncLens can read`);
  const found = host.property(name[1]);
  let value: string;
  if (found === undefined) {
    host.onUndefined?.(name[1]);
    value = '';
  } else if ('unknown' in found) {
    return unknown(`$(${name[1]}) is not known: ${found.unknown}`);
  } else value = found.value;
  return memberCalls(value, text.slice(name[1].length).trim(), text, host);
}

/**
 * The argument values of a call whose name ends at `at` in `source` (with `opened`, its `(` is the character before
 * `at`), and where the text after the call starts; a property read (no parentheses) has none.
 */
function argumentsAfter(source: string, at: number, opened: boolean, text: string, host: ExpansionHost): { args: string[]; consumed: number } | { unknown: string } {
  if (!opened) return { args: [], consumed: at };
  const close = matchingParen(source, at - 1);
  if (close === -1) return { unknown: `unbalanced parentheses in $(${text})` };
  const values = argumentValues(source.slice(at, close), host);
  if (!Array.isArray(values)) return { unknown: values.unknown ?? `$(${text}) has arguments AsyncLens cannot read` };
  return { args: values, consumed: close + 1 };
}

/** System.String members called in a chain on a value (`.Replace('.', '_').ToUpperInvariant()`). */
function memberCalls(start: string, chain: string, text: string, host: ExpansionHost): Expanded {
  let value = start;
  let rest = chain;
  while (rest) {
    const call = /^\.(\w+)\s*(\()?/.exec(rest);
    if (!call) return unknown(`$(${text}) uses syntax AsyncLens does not evaluate`);
    const called = argumentsAfter(rest, call[0].length, !!call[2], text, host);
    if ('unknown' in called) return called;
    const next = stringMethod(value, call[1], called.args);
    if (next === null) return unknown(`the string function ${call[1]} in $(${text}) is not one AsyncLens evaluates`);
    value = next;
    rest = rest.slice(called.consumed).trim();
  }
  return { value };
}

/** Static functions whose result is a System.IO.DirectoryInfo, whose members a property function can go on to read. */
function isDirectoryInfoFunction(type: string, method: string): boolean {
  return type.toLowerCase() === 'system.io.directory' && method.toLowerCase() === 'getparent';
}

/**
 * The members of a DirectoryInfo that project files read (`.Parent`, `.FullName`, `.Name`), then string members
 * once the chain has a string. Repositories set their root this way
 * (`$([System.IO.Directory]::GetParent($(MSBuildThisFileDirectory)).Parent.FullName)`), and the files they link in
 * with `$(RepoRoot)` lose their owners when it stays unknown.
 */
function directoryMembers(directory: string, chain: string, text: string, host: ExpansionHost): Expanded {
  let dir = directory;
  let rest = chain;
  for (;;) {
    const member = /^\.(Parent|FullName|Name)\b/i.exec(rest);
    if (!member) return unknown(`$(${text}) reads a member of a DirectoryInfo that AsyncLens does not evaluate`);
    rest = rest.slice(member[0].length).trim();
    const which = member[1].toLowerCase();
    if (which === 'parent') {
      dir = directoryOf(dir);
      if (!rest) return unknown(`$(${text}) ends at a DirectoryInfo, whose text MSBuild does not define here`);
      continue;
    }
    const value = which === 'fullname' ? dir : dir.split('/').pop() ?? '';
    return memberCalls(value, rest, text, host);
  }
}

/** The System.String instance methods project files use on property values. */
function stringMethod(value: string, method: string, args: string[]): string | null {
  const a0 = args[0] ?? '';
  switch (method.toLowerCase()) {
    case 'startswith': return bool(value.startsWith(a0));
    case 'endswith': return bool(value.endsWith(a0));
    case 'contains': return bool(value.includes(a0));
    case 'equals': return bool(value === a0);
    case 'tolower': case 'tolowerinvariant': return value.toLowerCase();
    case 'toupper': case 'toupperinvariant': return value.toUpperCase();
    case 'trim': return args.length ? trimChars(value, a0, true, true) : value.trim();
    case 'trimstart': return args.length ? trimChars(value, a0, true, false) : value.trimStart();
    case 'trimend': return args.length ? trimChars(value, a0, false, true) : value.trimEnd();
    case 'replace': return value.split(a0).join(args[1] ?? '');
    case 'substring': {
      const start = Number(a0);
      const length = args[1] === undefined ? undefined : Number(args[1]);
      if (!Number.isInteger(start) || (length !== undefined && !Number.isInteger(length))) return null;
      return length === undefined ? value.slice(start) : value.slice(start, start + length);
    }
    case 'length': return String(value.length);
    case 'indexof': return String(value.indexOf(a0));
    default: return null;
  }
}

function trimChars(value: string, chars: string, start: boolean, end: boolean): string {
  let a = 0;
  let b = value.length;
  if (start) while (a < b && chars.includes(value[a])) a++;
  if (end) while (b > a && chars.includes(value[b - 1])) b--;
  return value.slice(a, b);
}

function joinPath(dir: string, rel: string): string {
  const r = rel.replace(/\\/g, '/');
  if (r.startsWith('/') || /^[A-Za-z]:\//.test(r)) return normalizePath(r);
  const d = dir.replace(/\\/g, '/');
  return normalizePath(d.endsWith('/') ? d + r : `${d}/${r}`);
}

/** Resolves `.` and `..` segments; keeps a trailing slash. Forward slashes throughout. */
export function normalizePath(p: string): string {
  const s = p.replace(/\\/g, '/');
  const drive = /^[A-Za-z]:/.exec(s)?.[0] ?? '';
  const rest = s.slice(drive.length);
  const absolute = rest.startsWith('/');
  const parts: string[] = [];
  for (const part of rest.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length && parts[parts.length - 1] !== '..') parts.pop();
      else if (!absolute) parts.push('..');
    } else parts.push(part);
  }
  const trailing = s.endsWith('/') && parts.length ? '/' : '';
  return `${drive}${absolute ? '/' : ''}${parts.join('/')}${trailing}`;
}

function directoryOf(path: string): string {
  const p = path.replace(/\\/g, '/').replace(/\/+$/, '');
  const slash = p.lastIndexOf('/');
  return slash <= 0 ? (slash === 0 ? '/' : '') : p.slice(0, slash);
}

/** MSBuild's GetDirectoryNameOfFileAbove: the nearest folder, from `start` upwards, that holds `file`; '' when none. */
export function directoryOfFileAbove(start: string, file: string, exists: (path: string) => boolean): string {
  let dir = normalizePath(start).replace(/\/+$/, '') || '/';
  for (;;) {
    if (exists(joinPath(dir, file))) return dir;
    const up = directoryOf(dir);
    if (!up || up === dir) return '';
    dir = up;
  }
}

function staticFunction(type: string, method: string, args: string[], host: ExpansionHost): Expanded {
  const t = type.toLowerCase();
  const m = method.toLowerCase();
  const call = `[${type}]::${method}`;
  if (t === 'msbuild') {
    switch (m) {
      case 'istargetframeworkcompatible': {
        const r = isTargetFrameworkCompatible(args[0] ?? '', args[1] ?? '');
        return r === null ? unknown(`${call}('${args[0]}', '${args[1]}'): a target framework AsyncLens does not know`) : { value: bool(r) };
      }
      case 'gettargetframeworkidentifier': {
        const tf = parseTargetFramework(args[0] ?? '');
        return tf ? { value: tf.identifier } : unknown(`${call}('${args[0]}'): a target framework AsyncLens does not know`);
      }
      case 'gettargetframeworkversion': {
        const tf = parseTargetFramework(args[0] ?? '');
        if (!tf) return unknown(`${call}('${args[0]}'): a target framework AsyncLens does not know`);
        const fields = args[1] ? Number(args[1]) : 2;
        return { value: tf.version.slice(0, Math.max(1, Math.min(3, fields || 2))).join('.') };
      }
      case 'gettargetplatformidentifier': {
        const tf = parseTargetFramework(args[0] ?? '');
        return tf ? { value: tf.platform ?? '' } : unknown(`${call}('${args[0]}'): a target framework AsyncLens does not know`);
      }
      case 'gettargetplatformversion': {
        const tf = parseTargetFramework(args[0] ?? '');
        return tf ? { value: tf.platformVersion ?? '' } : unknown(`${call}('${args[0]}'): a target framework AsyncLens does not know`);
      }
      case 'versionequals': case 'versionnotequals': case 'versiongreaterthan': case 'versiongreaterthanorequals': case 'versionlessthan': case 'versionlessthanorequals': {
        const d = versionCompare(args[0] ?? '', args[1] ?? '');
        if (d === null) return unknown(`${call}('${args[0]}', '${args[1]}'): not versions`);
        const r = { versionequals: d === 0, versionnotequals: d !== 0, versiongreaterthan: d > 0, versiongreaterthanorequals: d >= 0, versionlessthan: d < 0, versionlessthanorequals: d <= 0 }[m]!;
        return { value: bool(r) };
      }
      case 'getdirectorynameoffileabove': {
        const start = joinPath(host.thisFileDirectory, args[0] ?? '');
        return { value: directoryOfFileAbove(start, args[1] ?? '', host.exists) };
      }
      case 'getpathoffileabove': {
        // GetPathOfFileAbove(file, startingDirectory = this file's folder): the full path of the nearest one, or ''.
        const start = args[1] ? joinPath(host.thisFileDirectory, args[1]) : host.thisFileDirectory;
        const dir = directoryOfFileAbove(start, args[0] ?? '', host.exists);
        return { value: dir ? joinPath(dir, args[0] ?? '') : '' };
      }
      case 'ensuretrailingslash': return { value: args[0] && !/[\\/]$/.test(args[0]) ? `${args[0]}/` : args[0] ?? '' };
      case 'normalizedirectory': return { value: `${normalizePath(joinPath(host.thisFileDirectory, args.join('/'))).replace(/\/+$/, '')}/` };
      case 'normalizepath': return { value: normalizePath(joinPath(host.thisFileDirectory, args.join('/'))) };
      case 'valueordefault': return { value: args[0] ? args[0] : args[1] ?? '' };
      case 'isosplatform': case 'isoswindows': case 'isosunixlike':
        return unknown(`${call}: depends on the machine that builds, not on the source`);
      default: return unknown(`${call} is a property function AsyncLens does not evaluate`);
    }
  }
  if (t === 'system.io.path') {
    switch (m) {
      case 'combine': return { value: args.reduce((acc, a) => (acc ? joinPath(acc, a) : a.replace(/\\/g, '/')), '') };
      case 'getfullpath': return { value: joinPath(host.thisFileDirectory, args[0] ?? '') };
      case 'getdirectoryname': return { value: directoryOf(args[0] ?? '') };
      case 'getfilename': return { value: (args[0] ?? '').replace(/\\/g, '/').split('/').pop() ?? '' };
      case 'getfilenamewithoutextension': return { value: ((args[0] ?? '').replace(/\\/g, '/').split('/').pop() ?? '').replace(/\.[^.]*$/, '') };
      default: return unknown(`${call} is a property function AsyncLens does not evaluate`);
    }
  }
  if (t === 'system.io.directory' && m === 'getparent') {
    // Directory.GetParent takes the folder above the path's last name, so a path ending in a separator gives that
    // folder itself (https://learn.microsoft.com/dotnet/api/system.io.directory.getparent).
    const path = normalizePath(joinPath(host.thisFileDirectory, args[0] ?? ''));
    return { value: path.endsWith('/') ? path.replace(/\/+$/, '') || '/' : directoryOf(path) };
  }
  if (t === 'system.io.file' && m === 'exists') return { value: bool(host.exists(joinPath(host.thisFileDirectory, args[0] ?? ''))) };
  if (t === 'system.string') {
    if (m === 'isnullorempty') return { value: bool(!(args[0] ?? '')) };
    if (m === 'isnullorwhitespace') return { value: bool(!(args[0] ?? '').trim()) };
    if (m === 'copy') return { value: args[0] ?? '' };
  }
  return unknown(`${call} is a property function AsyncLens does not evaluate`);
}

// ---- conditions ----

export type Truth = true | false | { unknown: string };

const isUnknown = (t: Truth): t is { unknown: string } => typeof t === 'object';

interface Token {
  kind: 'string' | 'word' | 'op' | 'lparen' | 'rparen' | 'comma' | 'end';
  text: string;
}

function tokenize(text: string): Token[] | string {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') {
      const close = text.indexOf(c, i + 1);
      if (close === -1) return `an unclosed ${c} quote`;
      tokens.push({ kind: 'string', text: text.slice(i + 1, close) });
      i = close + 1;
      continue;
    }
    if (c === '$' && text[i + 1] === '(') {
      const close = matchingParen(text, i + 1);
      if (close === -1) return 'unbalanced parentheses';
      tokens.push({ kind: 'string', text: text.slice(i, close + 1) });
      i = close + 1;
      continue;
    }
    if (c === '(') { tokens.push({ kind: 'lparen', text: c }); i++; continue; }
    if (c === ')') { tokens.push({ kind: 'rparen', text: c }); i++; continue; }
    if (c === ',') { tokens.push({ kind: 'comma', text: c }); i++; continue; }
    const op = /^(==|!=|<=|>=|<|>|!)/.exec(text.slice(i));
    if (op) {
      tokens.push({ kind: 'op', text: op[1] });
      i += op[1].length;
      continue;
    }
    const word = /^[^\s()'"`,=!<>]+/.exec(text.slice(i));
    if (!word) return `unexpected ${JSON.stringify(c)}`;
    tokens.push({ kind: 'word', text: word[0] });
    i += word[0].length;
  }
  tokens.push({ kind: 'end', text: '' });
  return tokens;
}

type Operand = { kind: 'value'; text: string; quoted: boolean } | { kind: 'truth'; truth: Truth };

/** Evaluates an MSBuild condition. An empty condition is true. */
export function evaluateCondition(condition: string, host: ExpansionHost): Truth {
  if (!condition.trim()) return true;
  const tokens = tokenize(condition);
  if (typeof tokens === 'string') return { unknown: `cannot read the condition: ${tokens}` };
  let p = 0;
  // Reading past the end keeps answering the end token: a malformed condition ends in "unexpected end", not a crash.
  const peek = () => tokens[Math.min(p, tokens.length - 1)];
  const next = () => tokens[Math.min(p++, tokens.length - 1)];

  const valueOf = (o: Operand): Expanded => (o.kind === 'value' ? expand(o.text, host) : isUnknown(o.truth) ? unknown(o.truth.unknown) : { value: bool(o.truth) });
  const truthOf = (o: Operand): Truth => {
    if (o.kind === 'truth') return o.truth;
    const v = expand(o.text, host);
    if (v.unknown !== undefined) return { unknown: v.unknown };
    const s = v.value.trim().toLowerCase();
    if (['true', 'on', 'yes', '!false', '!off', '!no'].includes(s)) return true;
    if (['false', 'off', 'no', '!true', '!on', '!yes'].includes(s)) return false;
    return { unknown: `${JSON.stringify(v.value)} is not a boolean` };
  };

  function primary(): Operand {
    const t = next();
    if (t.kind === 'lparen') {
      const inner = or();
      if (next().kind !== 'rparen') return { kind: 'truth', truth: { unknown: 'a missing )' } };
      return { kind: 'truth', truth: inner };
    }
    if (t.kind === 'string') return { kind: 'value', text: t.text, quoted: true };
    if (t.kind === 'word') {
      if (peek().kind === 'lparen') {
        // A function: Exists('path'), HasTrailingSlash('path').
        next();
        const args: string[] = [];
        while (peek().kind !== 'rparen' && peek().kind !== 'end') {
          const a = next();
          if (a.kind === 'string' || a.kind === 'word') args.push(a.text);
        }
        next();
        const fn = t.text.toLowerCase();
        const arg = expand(args[0] ?? '', host);
        if (arg.unknown !== undefined) return { kind: 'truth', truth: { unknown: arg.unknown } };
        if (fn === 'exists') {
          const path = arg.value.trim();
          return { kind: 'truth', truth: path ? host.exists(joinPath(host.thisFileDirectory, path)) : false };
        }
        if (fn === 'hastrailingslash') return { kind: 'truth', truth: /[\\/]$/.test(arg.value) };
        return { kind: 'truth', truth: { unknown: `the condition function ${t.text} is not one AsyncLens evaluates` } };
      }
      return { kind: 'value', text: t.text, quoted: false };
    }
    return { kind: 'truth', truth: { unknown: `unexpected ${t.text || 'end'} in the condition` } };
  }

  function comparison(): Truth {
    const left = primary();
    const op = peek();
    if (op.kind === 'op' && op.text !== '!') {
      next();
      const right = primary();
      const l = valueOf(left);
      const r = valueOf(right);
      if (l.unknown !== undefined) return { unknown: l.unknown };
      if (r.unknown !== undefined) return { unknown: r.unknown };
      if (op.text === '==' || op.text === '!=') {
        const equal = l.value.toLowerCase() === r.value.toLowerCase();
        return op.text === '==' ? equal : !equal;
      }
      const ln = Number(l.value);
      const rn = Number(r.value);
      let d: number | null = null;
      if (l.value.trim() !== '' && r.value.trim() !== '' && Number.isFinite(ln) && Number.isFinite(rn)) d = ln - rn;
      else d = versionCompare(l.value, r.value);
      if (d === null) return { unknown: `${JSON.stringify(l.value)} ${op.text} ${JSON.stringify(r.value)} compares values that are neither numbers nor versions` };
      return op.text === '<' ? d < 0 : op.text === '>' ? d > 0 : op.text === '<=' ? d <= 0 : d >= 0;
    }
    return truthOf(left);
  }

  function not(): Truth {
    if (peek().kind === 'op' && peek().text === '!') {
      next();
      const t = not();
      return isUnknown(t) ? t : !t;
    }
    return comparison();
  }

  function and(): Truth {
    let left = not();
    while (peek().kind === 'word' && peek().text.toLowerCase() === 'and') {
      next();
      const right = not();
      if (left === false || right === false) left = false;
      else if (isUnknown(left)) left = left;
      else left = right;
    }
    return left;
  }

  function or(): Truth {
    let left = and();
    while (peek().kind === 'word' && peek().text.toLowerCase() === 'or') {
      next();
      const right = and();
      if (left === true || right === true) left = true;
      else if (isUnknown(left)) left = left;
      else left = right;
    }
    return left;
  }

  const result = or();
  if (peek().kind !== 'end') return { unknown: `cannot read the condition past ${JSON.stringify(peek().text)}` };
  return result;
}

export { frameworkVersionText, joinPath, directoryOf };
