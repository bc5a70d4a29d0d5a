// Generates harness/Entries.g.cs, the harness's table of calibration entries, from the [Probe] members of corpus/*.cs.
//
// Usage: node test/calibration/generate.mjs            write harness/Entries.g.cs and the README's entry table
//        node test/calibration/generate.mjs --check    exit 1 if either is out of date
//        node test/calibration/generate.mjs --list     print a Markdown table of the entries
//
// The corpus follows a strict layout that this reader enforces rather than guesses at: every entry is a
// `// Probe: ...` comment line, then a `[Probe(...)]` attribute line, then optional further attribute lines,
// then a declaration whose signature fits on one line: a method, or a `static readonly Func<...>` field that
// holds an async lambda. Types are declared at the top level of a file-scoped `namespace Calibration;`.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const corpusDir = path.join(here, 'corpus');
export const generatedFile = path.join(here, 'harness', 'Entries.g.cs');
export const readmeFile = path.join(here, 'README.md');
const TABLE_BEGIN = '<!-- entries:begin (written by generate.mjs) -->';
const TABLE_END = '<!-- entries:end -->';

/**
 * The two corpora: the async machinery's shapes (harness/), and methods that call real library APIs (harness-api/,
 * built against the packages; each entry names a baseline whose bytes are subtracted). `initialize` is what the
 * harness runs at start-up: the API corpus registers the sources behind its fakes.
 */
export const CORPORA = [
  { dir: corpusDir, generated: generatedFile, tableBegin: TABLE_BEGIN, tableEnd: TABLE_END, initialize: [] },
  {
    dir: path.join(here, 'corpus-api'),
    generated: path.join(here, 'harness-api', 'Entries.g.cs'),
    tableBegin: '<!-- api-entries:begin (written by generate.mjs) -->',
    tableEnd: '<!-- api-entries:end -->',
    initialize: ['global::Calibration.ApiSources.Register();'],
  },
];

const MODIFIERS = new Set(['public', 'internal', 'private', 'protected', 'static', 'readonly', 'async', 'unsafe', 'new', 'override', 'virtual', 'sealed']);

/** Reads a C# type starting at `text[start]`, balancing <> and (), and stops at whitespace outside them. */
function readType(text, start) {
  let depth = 0;
  let i = start;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === '<' || c === '(' || c === '[') depth++;
    else if (c === '>' || c === ')' || c === ']') depth--;
    else if (/\s/.test(c) && depth === 0) break;
  }
  return { type: text.slice(start, i), end: i };
}

/** Splits a parameter or type-argument list on the commas that are not nested in <>, () or []. */
export function splitTopLevel(list) {
  const parts = [];
  let depth = 0;
  let current = '';
  for (const c of list) {
    if (c === '<' || c === '(' || c === '[') depth++;
    else if (c === '>' || c === ')' || c === ']') depth--;
    if (c === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else {
      current += c;
    }
  }
  if (current.trim() !== '') parts.push(current.trim());
  return parts;
}

/** Parses one declaration line into what the generator needs. */
function parseDeclaration(line, where) {
  let rest = line.trim();
  const modifiers = [];
  for (;;) {
    const match = /^(\w+)\s+/.exec(rest);
    if (!match || !MODIFIERS.has(match[1])) break;
    modifiers.push(match[1]);
    rest = rest.slice(match[0].length);
  }
  const { type, end } = readType(rest, 0);
  rest = rest.slice(end).trimStart();
  const nameMatch = /^(\w+)\s*/.exec(rest);
  if (!nameMatch) throw new Error(`${where}: cannot find the member name in: ${line.trim()}`);
  const name = nameMatch[1];
  rest = rest.slice(nameMatch[0].length);
  const isStatic = modifiers.includes('static');
  if (rest.startsWith('(')) {
    let depth = 0;
    let i = 0;
    for (; i < rest.length; i++) {
      if (rest[i] === '(') depth++;
      else if (rest[i] === ')' && --depth === 0) break;
    }
    if (depth !== 0) throw new Error(`${where}: the parameter list of ${name} must fit on its declaration line`);
    const parameters = splitTopLevel(rest.slice(1, i));
    return { member: 'method', name, returnType: type, parameterCount: parameters.length, isStatic, isAsync: modifiers.includes('async') };
  }
  if (rest.startsWith('=')) {
    const delegateMatch = /^Func<(.*)>$/.exec(type);
    if (!delegateMatch || !isStatic || !modifiers.includes('readonly')) {
      throw new Error(`${where}: a [Probe] field must be a static readonly Func<...> holding an async lambda: ${line.trim()}`);
    }
    const typeArguments = splitTopLevel(delegateMatch[1]);
    return { member: 'field', name, returnType: typeArguments.at(-1), parameterCount: typeArguments.length - 1, isStatic, isAsync: true };
  }
  throw new Error(`${where}: not a method or field declaration: ${line.trim()}`);
}

function parseProbeAttribute(line, where) {
  const match = /^\s*\[Probe\((.*)\)\]\s*$/.exec(line);
  if (!match) throw new Error(`${where}: expected a [Probe(...)] line after the // Probe: comment, found: ${line.trim()}`);
  const body = match[1];
  const paths = new Set([...body.matchAll(/\bPaths\.(\w+)/g)].map((m) => m[1]));
  for (const p of paths) {
    if (!['Sync', 'Suspend', 'SuspendOnPool'].includes(p)) throw new Error(`${where}: unknown path Paths.${p}`);
  }
  if (paths.has('Suspend') && paths.has('SuspendOnPool')) throw new Error(`${where}: Suspend and SuspendOnPool exclude each other`);
  if (paths.size === 0) throw new Error(`${where}: [Probe] names no path`);
  const argsMatch = /\bArgs\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(body);
  const slow = /\bSlow\s*=\s*true\b/.test(body);
  const baselineMatch = /\bBaseline\s*=\s*(?:nameof\((\w+)\)|"(\w+)")/.exec(body);
  return {
    baseline: baselineMatch ? baselineMatch[1] ?? baselineMatch[2] : null,
    sync: paths.has('Sync'),
    suspend: paths.has('Suspend') ? 'inline' : paths.has('SuspendOnPool') ? 'pool' : null,
    args: argsMatch ? argsMatch[1].replace(/\\"/g, '"').replace(/\\\\/g, '\\') : null,
    slow,
  };
}

/** Returns every entry of the corpus, in file order (files sorted by name). */
export function readCorpus(dir = corpusDir) {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.cs')).sort();
  const entries = [];
  for (const file of files) {
    const lines = fs.readFileSync(path.join(dir, file), 'utf8').split(/\r?\n/);
    let currentType = null;
    for (let i = 0; i < lines.length; i++) {
      const where = `${path.basename(dir)}/${file}:${i + 1}`;
      const typeMatch = /^(?:public|internal)?\s*(?:(?:static|sealed|readonly|partial|abstract)\s+)*(record\s+struct|record\s+class|record|class|struct)\s+(\w+)/.exec(lines[i]);
      if (typeMatch && !/^\s/.test(lines[i])) {
        // A record (class) is a class; a record struct is a struct.
        const kind = /struct$/.test(typeMatch[1]) ? 'struct' : 'class';
        currentType = { kind, name: typeMatch[2], isStaticClass: /\bstatic\b/.test(lines[i].split(typeMatch[1])[0]) };
        continue;
      }
      if (/^\s*\[Probe\(/.test(lines[i])) throw new Error(`${where}: [Probe] without a // Probe: comment line right above it`);
      const comment = /^\s*\/\/ Probe: (.*)$/.exec(lines[i]);
      if (!comment) continue;
      if (!currentType) throw new Error(`${where}: // Probe: outside a type`);
      const probe = parseProbeAttribute(lines[i + 1] ?? '', `corpus/${file}:${i + 2}`);
      let j = i + 2;
      const attributes = [];
      while (j < lines.length && /^\s*\[/.test(lines[j])) attributes.push(lines[j++].trim());
      const declaration = parseDeclaration(lines[j] ?? '', `corpus/${file}:${j + 1}`);
      if (!/^(Task|ValueTask)(<.+>)?$|^IAsyncEnumerable<.+>$|^void$/.test(declaration.returnType)) {
        throw new Error(`corpus/${file}:${j + 1}: ${declaration.name} returns ${declaration.returnType}; entries return Task, ValueTask, their generic forms, IAsyncEnumerable<T> or void`);
      }
      if (declaration.returnType === 'void' && !declaration.isAsync) throw new Error(`corpus/${file}:${j + 1}: a void entry must be async void`);
      if (!declaration.isStatic && currentType.isStaticClass) throw new Error(`corpus/${file}:${j + 1}: instance member in a static class`);
      if (probe.args === null && declaration.parameterCount > 0 && declaration.member === 'field') {
        throw new Error(`corpus/${file}:${j + 1}: a delegate entry with parameters needs Args`);
      }
      entries.push({
        name: declaration.name,
        className: currentType.name,
        typeKind: currentType.kind,
        member: declaration.member,
        isStatic: declaration.isStatic,
        returnType: declaration.returnType,
        parameterCount: declaration.parameterCount,
        builder: attributes.find((a) => a.includes('AsyncMethodBuilder'))?.match(/typeof\((\w+)/)?.[1] ?? null,
        ...probe,
        comment: comment[1].trim(),
        file: `${path.basename(dir)}/${file}`,
        line: j + 1,
      });
      i = j;
    }
  }
  const seen = new Map();
  for (const entry of entries) {
    if (seen.has(entry.name)) throw new Error(`entry name ${entry.name} appears twice: ${seen.get(entry.name)} and ${entry.file}:${entry.line}`);
    seen.set(entry.name, `${entry.file}:${entry.line}`);
  }
  return entries;
}

/** Renders the C# table of entries and one loop per entry. */
export function renderEntries(entries, initialize = []) {
  const out = [];
  out.push('// <auto-generated>');
  out.push('// The harness\'s table of calibration entries, generated by test/calibration/generate.mjs from the [Probe]');
  out.push('// members of test/calibration/corpus. Do not edit; run `node test/calibration/generate.mjs` instead.');
  out.push('// </auto-generated>');
  out.push('namespace Calibration.Harness;');
  out.push('');
  out.push('using System.Runtime.CompilerServices;');
  out.push('using Calibration;');
  out.push('');
  out.push('// Every loop is compiled without optimization, so the JIT never inlines a corpus member into it: each call runs');
  out.push('// the member\'s own Tier-1 body, whatever tier the loop would otherwise reach (on .NET 10 an inlined member can');
  out.push('// lose or gain an object stack allocation depending on the caller, e.g. under on-stack replacement).');
  out.push('public static class Entries');
  out.push('{');
  const instanceTypes = [...new Map(entries.filter((e) => !e.isStatic).map((e) => [e.className, e.typeKind])).entries()];
  for (const [className, kind] of instanceTypes) {
    // A struct receiver lives in a mutable static field so that calling an instance method on it makes no defensive copy.
    const modifier = kind === 'class' ? 'static readonly' : 'static';
    out.push(`    ${modifier} global::Calibration.${className} s_${className} = new();`);
  }
  if (instanceTypes.length > 0) out.push('');
  out.push('    public static readonly Entry[] All =');
  out.push('    {');
  for (const e of entries) {
    const paths = [e.sync ? 'Paths.Sync' : null, e.suspend === 'inline' ? 'Paths.Suspend' : null, e.suspend === 'pool' ? 'Paths.SuspendOnPool' : null]
      .filter(Boolean)
      .join(' | ');
    out.push(`        new("${e.name}", "${e.className}", ${paths}, ${e.slow ? 'true' : 'false'}, Run_${e.name}${e.baseline ? `, Run_${e.name}_Baseline` : ''}),`);
  }
  out.push('    };');
  out.push('');
  out.push('    /// <summary>Run once at start-up, before any measurement.</summary>');
  out.push('    public static void Initialize()');
  out.push('    {');
  for (const line of initialize) out.push(`        ${line}`);
  out.push('    }');
  for (const e of entries) {
    const receiver = e.isStatic ? `global::Calibration.${e.className}` : `s_${e.className}`;
    const args = e.args ?? Array(e.parameterCount).fill('default').join(', ');
    const call = `${receiver}.${e.name}(${args})`;
    out.push('');
    out.push(`    // ${e.returnType} ${e.className}.${e.name}: ${e.comment}`);
    out.push('    [MethodImpl(MethodImplOptions.NoOptimization | MethodImplOptions.NoInlining)]');
    out.push(`    static void Run_${e.name}(int calls, RunMode mode)`);
    out.push('    {');
    out.push('        for (int i = 0; i < calls; i++)');
    out.push('        {');
    out.push('            Drive.BeforeCall(mode, i);');
    if (e.returnType === 'void') {
      out.push('            int doneBefore = Src.DoneCount;');
      out.push(`            ${call};`);
      out.push('            Drive.CompleteVoid(doneBefore, mode);');
    } else {
      out.push(`            Drive.Complete(${call}, mode);`);
    }
    out.push('        }');
    out.push('    }');
    if (e.baseline) {
      out.push('');
      out.push(`    // The library calls of ${e.name} alone (${e.className}.${e.baseline}), whose bytes the harness subtracts.`);
      out.push('    [MethodImpl(MethodImplOptions.NoOptimization | MethodImplOptions.NoInlining)]');
      out.push(`    static void Run_${e.name}_Baseline(int calls, RunMode mode)`);
      out.push('    {');
      out.push('        for (int i = 0; i < calls; i++)');
      out.push('        {');
      out.push('            Drive.BeforeCall(mode, i);');
      out.push(`            Drive.Complete(global::Calibration.${e.className}.${e.baseline}(${args}), mode);`);
      out.push('        }');
      out.push('    }');
    }
  }
  out.push('}');
  out.push('');
  return out.join('\n');
}

/** Renders a Markdown table of the entries, for the README. */
export function renderList(entries) {
  const rows = ['| entry | class | returns | paths | probes |', '|---|---|---|---|---|'];
  for (const e of entries) {
    const returns = e.builder ? `${e.returnType} [${e.builder}]` : e.returnType;
    const paths = [e.sync ? 'sync' : null, e.suspend === 'inline' ? 'suspend' : e.suspend === 'pool' ? 'suspend (pool)' : null].filter(Boolean).join(', ');
    rows.push(`| \`${e.name}\` | ${e.className} | \`${returns.replace(/\|/g, '\\|')}\` | ${paths} | ${e.comment.replace(/\|/g, '\\|')} |`);
  }
  return rows.join('\n') + '\n';
}

/** Returns the README with a corpus's entry table replaced, or null when the README has no table markers for it. */
function readmeWithTable(readme, corpus, entries) {
  const begin = readme.indexOf(corpus.tableBegin);
  const end = readme.indexOf(corpus.tableEnd);
  if (begin < 0 || end < begin) return null;
  return readme.slice(0, begin + corpus.tableBegin.length) + '\n' + renderList(entries) + readme.slice(end);
}

/** Every entry of every corpus, in corpus order. */
export function readAllCorpora() {
  return CORPORA.flatMap((c) => (fs.existsSync(c.dir) ? readCorpus(c.dir) : []));
}

/** Writes each corpus's Entries.g.cs and the README's entry tables when their content changed; returns every entry. */
export function generate() {
  const all = [];
  let readme = fs.existsSync(readmeFile) ? fs.readFileSync(readmeFile, 'utf8') : null;
  const before = readme;
  for (const corpus of CORPORA) {
    if (!fs.existsSync(corpus.dir)) continue;
    const entries = readCorpus(corpus.dir);
    all.push(...entries);
    const text = renderEntries(entries, corpus.initialize);
    const current = fs.existsSync(corpus.generated) ? fs.readFileSync(corpus.generated, 'utf8') : null;
    if (current !== text) fs.writeFileSync(corpus.generated, text);
    if (readme !== null) readme = readmeWithTable(readme, corpus, entries) ?? readme;
  }
  if (readme !== null && readme !== before) fs.writeFileSync(readmeFile, readme);
  return all;
}

/** Lists what is out of date: a generated C# table or a README entry table. */
export function staleOutputs() {
  const stale = [];
  let readme = fs.existsSync(readmeFile) ? fs.readFileSync(readmeFile, 'utf8') : null;
  const before = readme;
  for (const corpus of CORPORA) {
    if (!fs.existsSync(corpus.dir)) continue;
    const entries = readCorpus(corpus.dir);
    const current = fs.existsSync(corpus.generated) ? fs.readFileSync(corpus.generated, 'utf8') : null;
    if (current !== renderEntries(entries, corpus.initialize)) stale.push(path.relative(here, corpus.generated));
    if (readme !== null) readme = readmeWithTable(readme, corpus, entries) ?? readme;
  }
  if (readme !== before) stale.push('README.md (entry tables)');
  return stale;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const mode = process.argv[2];
    if (mode === '--check') {
      const stale = staleOutputs();
      if (stale.length > 0) {
        console.error(`out of date: ${stale.join(', ')}; run: node test/calibration/generate.mjs`);
        process.exit(1);
      }
      console.error('harness/Entries.g.cs and the README entry table are up to date');
    } else if (mode === '--list') {
      process.stdout.write(renderList(readAllCorpora()));
    } else if (mode === undefined) {
      const entries = generate();
      console.error(`wrote the entry tables: ${entries.length} entries`);
    } else {
      console.error('usage: node test/calibration/generate.mjs [--check | --list]');
      process.exit(64);
    }
  } catch (error) {
    console.error(`generate: ${error.message}`);
    process.exit(1);
  }
}
