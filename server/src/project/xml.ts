/**
 * A small, tolerant XML reader for MSBuild files (.csproj, .props, .targets, .slnx): elements, attributes, text,
 * comments, CDATA and the five named entities plus character references. It never throws: malformed input
 * yields what could be read plus problems with line numbers, so a broken project file becomes a note.
 *
 * Why not a package: project files are small, their XML uses none of DTDs, namespaces-as-semantics or
 * encodings beyond UTF-8/16 (the host decodes), and what the project model needs most is recovery with line
 * numbers, which strict parsers do not give.
 */

export interface XmlElement {
  name: string;
  /** Attributes as written; look them up with `attr`, which ignores case as MSBuild does. */
  attributes: Map<string, string>;
  children: XmlElement[];
  /** Concatenated text content (character data and CDATA) directly inside this element. */
  text: string;
  /** 1-based line of the start tag. */
  line: number;
}

export interface XmlProblem {
  line: number;
  message: string;
}

export interface XmlDocument {
  root: XmlElement | null;
  problems: XmlProblem[];
}

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[A-Za-z]+);/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref] ?? whole;
  });
}

/** The value of an attribute, matched without regard to case (MSBuild's `Include`, `include` and `INCLUDE` are one). */
export function attr(element: XmlElement, name: string): string | undefined {
  const exact = element.attributes.get(name);
  if (exact !== undefined) return exact;
  const lower = name.toLowerCase();
  for (const [key, value] of element.attributes) if (key.toLowerCase() === lower) return value;
  return undefined;
}

const NAME = /[A-Za-z_:][-A-Za-z0-9_:.]*/y;

export function parseXml(text: string): XmlDocument {
  const problems: XmlProblem[] = [];
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let pos = 0;
  let line = 1;
  /** Moves to `to`, counting the newlines passed. */
  const advance = (to: number) => {
    for (let i = pos; i < to && i < src.length; i++) if (src.charCodeAt(i) === 10) line++;
    pos = Math.min(to, src.length);
  };
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const problem = (message: string, at = line) => {
    if (problems.length < 50) problems.push({ line: at, message });
  };

  while (pos < src.length) {
    const lt = src.indexOf('<', pos);
    const textEnd = lt === -1 ? src.length : lt;
    if (textEnd > pos) {
      const chunk = src.slice(pos, textEnd);
      if (stack.length) stack[stack.length - 1].text += decodeEntities(chunk);
      else if (chunk.trim()) problem('text outside the root element');
      advance(textEnd);
    }
    if (lt === -1) break;
    if (src.startsWith('<!--', pos)) {
      const end = src.indexOf('-->', pos + 4);
      if (end === -1) {
        problem('a comment is never closed (missing -->)');
        advance(src.length);
        break;
      }
      advance(end + 3);
      continue;
    }
    if (src.startsWith('<![CDATA[', pos)) {
      const end = src.indexOf(']]>', pos + 9);
      const stop = end === -1 ? src.length : end;
      if (end === -1) problem('a CDATA section is never closed (missing ]]>)');
      if (stack.length) stack[stack.length - 1].text += src.slice(pos + 9, stop);
      advance(end === -1 ? src.length : end + 3);
      continue;
    }
    if (src.startsWith('<?', pos) || src.startsWith('<!', pos)) {
      // Processing instructions (<?xml ...?>) and declarations (<!DOCTYPE ...>) carry nothing MSBuild reads.
      const end = src.indexOf('>', pos + 2);
      advance(end === -1 ? src.length : end + 1);
      continue;
    }
    if (src.startsWith('</', pos)) {
      const startLine = line;
      NAME.lastIndex = pos + 2;
      const m = NAME.exec(src);
      const end = src.indexOf('>', pos + 2);
      advance(end === -1 ? src.length : end + 1);
      if (!m) {
        problem('a closing tag without a name', startLine);
        continue;
      }
      const name = m[0];
      const open = stack.map((e) => e.name).lastIndexOf(name);
      if (open === -1) {
        problem(`</${name}> closes an element that is not open`, startLine);
        continue;
      }
      for (let i = stack.length - 1; i > open; i--) problem(`<${stack[i].name}> (line ${stack[i].line}) is never closed`, startLine);
      stack.length = open;
      continue;
    }
    // A start tag.
    const startLine = line;
    NAME.lastIndex = pos + 1;
    const m = NAME.exec(src);
    if (!m) {
      problem("a '<' that starts no tag");
      advance(pos + 1);
      if (stack.length) stack[stack.length - 1].text += '<';
      continue;
    }
    const element: XmlElement = { name: m[0], attributes: new Map(), children: [], text: '', line: startLine };
    let i = pos + 1 + m[0].length;
    let selfClosing = false;
    let closed = false;
    while (i < src.length) {
      const c = src[i];
      if (c === '>') {
        closed = true;
        i++;
        break;
      }
      if (c === '/' && src[i + 1] === '>') {
        selfClosing = true;
        closed = true;
        i += 2;
        break;
      }
      if (c === '<') break;
      if (/\s/.test(c)) {
        i++;
        continue;
      }
      NAME.lastIndex = i;
      const an = NAME.exec(src);
      if (!an) {
        i++;
        continue;
      }
      i += an[0].length;
      while (/\s/.test(src[i] ?? '')) i++;
      if (src[i] !== '=') {
        problem(`attribute ${an[0]} of <${element.name}> has no value`, startLine);
        continue;
      }
      i++;
      while (/\s/.test(src[i] ?? '')) i++;
      const quote = src[i];
      if (quote !== '"' && quote !== "'") {
        problem(`attribute ${an[0]} of <${element.name}> is not quoted`, startLine);
        continue;
      }
      const close = src.indexOf(quote, i + 1);
      if (close === -1) {
        problem(`attribute ${an[0]} of <${element.name}> is never closed`, startLine);
        i = src.length;
        break;
      }
      element.attributes.set(an[0], decodeEntities(src.slice(i + 1, close)));
      i = close + 1;
    }
    if (!closed) problem(`the tag <${element.name}> is never closed with '>'`, startLine);
    advance(i);
    if (stack.length) stack[stack.length - 1].children.push(element);
    else if (!root) root = element;
    else problem(`a second root element <${element.name}>`, startLine);
    if (!selfClosing && closed) stack.push(element);
  }
  for (const open of stack) problem(`<${open.name}> (line ${open.line}) is never closed`, line);
  if (!root) problem('no root element: the file is empty or not XML', 1);
  return { root, problems };
}

/** Child elements with this name (case-sensitive, as MSBuild element names are). */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((c) => c.name === name);
}
