/**
 * Reading C# attributes from text: the attribute lists in front of a type declaration (the model keeps method
 * attributes, not type ones), the `[assembly: ...]` lists of a file, and an attribute's name and arguments.
 * Pure text functions; comments and string contents are masked before brackets are matched.
 */
import type { FileModel, Span, TypeDeclaration } from '../model/types';
import { maskCommentsAndStrings } from '../rules/sourceText';

export interface AttributeText {
  /** The name as written, without a trailing `Attribute` and without namespace: `SuppressMessage`, `Fact`. */
  name: string;
  /** The full text of the attribute: `System.Diagnostics.CodeAnalysis.SuppressMessage("A", "B")`. */
  text: string;
  /** Where the attribute's text starts. */
  start: number;
}

/** The simple name of an attribute as written: `Xunit.FactAttribute(Skip = "x")` -> `Fact`. */
export function attributeName(text: string): string {
  const m = /^\s*(?:global::)?([\w.]+)/.exec(text);
  const last = (m?.[1] ?? '').split('.').pop() ?? '';
  return last.endsWith('Attribute') && last.length > 'Attribute'.length ? last.slice(0, -'Attribute'.length) : last;
}

/** Splits the inside of one `[...]` list into attributes at top-level commas, dropping a `target:` prefix. */
function splitList(inner: string, innerStart: number, original: string): { text: string; start: number; target: string | null }[] {
  const out: { text: string; start: number; target: string | null }[] = [];
  let depth = 0;
  let from = 0;
  const push = (to: number) => {
    let s = from;
    while (s < to && /\s/.test(inner[s])) s++;
    if (s < to) out.push({ text: original.slice(innerStart + s, innerStart + to).trim(), start: innerStart + s, target: null });
  };
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      push(i);
      from = i + 1;
    }
  }
  push(inner.length);
  const first = out[0];
  if (first) {
    const target = /^(\w+)\s*:(?!:)\s*/.exec(first.text);
    if (target) {
      first.target = target[1];
      first.start += target[0].length;
      first.text = first.text.slice(target[0].length);
      for (const a of out.slice(1)) a.target = target[1];
    }
  }
  return out;
}

/** Every attribute list in `[start, end)` of the text, in order, with its target (`assembly`, `return`...). */
export function attributeListsIn(text: string, start: number, end: number, masked = maskCommentsAndStrings(text)): (AttributeText & { target: string | null })[] {
  const out: (AttributeText & { target: string | null })[] = [];
  let i = start;
  while (i < end) {
    const open = masked.indexOf('[', i);
    if (open === -1 || open >= end) break;
    let depth = 0;
    let close = -1;
    for (let j = open; j < end; j++) {
      if (masked[j] === '[') depth++;
      else if (masked[j] === ']' && --depth === 0) {
        close = j;
        break;
      }
    }
    if (close === -1) break;
    for (const a of splitList(masked.slice(open + 1, close), open + 1, text)) out.push({ name: attributeName(a.text), text: a.text, start: a.start, target: a.target });
    i = close + 1;
  }
  return out;
}

/** The attributes written on a type declaration (between its start and its name). */
export function typeAttributes(text: string, type: TypeDeclaration, masked?: string): AttributeText[] {
  return attributeListsIn(text, type.span.start, type.nameSpan.start, masked);
}

/** `[assembly: ...]` and `[module: ...]` attributes of a file. */
export function assemblyAttributes(text: string, masked = maskCommentsAndStrings(text)): AttributeText[] {
  const out: AttributeText[] = [];
  for (const m of masked.matchAll(/\[\s*(?:assembly|module)\s*:/g)) {
    const open = m.index ?? 0;
    let depth = 0;
    let close = -1;
    for (let j = open; j < masked.length; j++) {
      if (masked[j] === '[') depth++;
      else if (masked[j] === ']' && --depth === 0) {
        close = j;
        break;
      }
    }
    if (close !== -1) out.push(...attributeListsIn(text, open, close + 1, masked));
  }
  return out;
}

/** String arguments of an attribute, positional and named: `("A", "B", Scope = "member")` -> positional [A, B], named {scope}. */
export function attributeArguments(text: string): { positional: string[]; named: Map<string, string> } {
  const positional: string[] = [];
  const named = new Map<string, string>();
  const open = text.indexOf('(');
  if (open === -1) return { positional, named };
  const args = text.slice(open + 1, text.lastIndexOf(')') === -1 ? text.length : text.lastIndexOf(')'));
  const re = /\s*(?:(\w+)\s*[=:]\s*)?(@?"(?:[^"\\]|\\.|"")*"|[^,]+)/g;
  for (const m of args.matchAll(re)) {
    const raw = m[2].trim();
    if (!raw) continue;
    const value = raw.startsWith('@"') ? raw.slice(2, -1).replace(/""/g, '"') : raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
    if (m[1]) named.set(m[1].toLowerCase(), value);
    else positional.push(value);
  }
  return { positional, named };
}

/** Spans of the file's types and bodies that carry an attribute with one of these names. */
export function spansWithAttribute(text: string, model: FileModel, names: ReadonlySet<string>): { span: Span; name: string; owner: string }[] {
  const out: { span: Span; name: string; owner: string }[] = [];
  // Masking a whole file costs more than every other step here: skip it when no name can be in the text.
  const mayHaveTypeAttribute = [...names].some((n) => text.includes(n));
  const masked = mayHaveTypeAttribute ? maskCommentsAndStrings(text) : '';
  if (mayHaveTypeAttribute) for (const type of model.types) {
    for (const a of typeAttributes(text, type, masked)) if (names.has(a.name)) out.push({ span: type.span, name: a.name, owner: type.fullName });
  }
  for (const body of model.bodies) {
    for (const a of body.attributes) {
      const name = attributeName(a);
      if (names.has(name)) out.push({ span: body.span, name, owner: body.containingType ? `${body.containingType}.${body.name}` : body.name });
    }
  }
  return out;
}
