/**
 * The C# ways of silencing a diagnostic, honoured for AsyncLens ids: `// asynclens-disable-next-line ASY001`,
 * `// asynclens-disable-line ASY001`, `#pragma warning disable/restore ASY001` and
 * `[SuppressMessage("AsyncLens", "ASY001...")]` on a member or type.
 *
 * And, unless turned off, what a code base already did to silence the peers' equivalent rules (each rule's
 * metadata lists them in `equivalents`): `#pragma warning disable VSTHRD103` (or a bare `#pragma warning disable`),
 * `[SuppressMessage("...", "VSTHRD002:...")]` on a member or type, `[assembly: SuppressMessage(..., Scope =
 * "member", Target = "~M:N.T.M")]` anywhere in the project, `<NoWarn>` in the project or its
 * Directory.Build.props, and `dotnet_diagnostic.CA1849.severity = none` in .editorconfig or a global analyzer config. A finding silenced
 * that way says by what, so the CLI can count it as suppressed with the reason. ReSharper's and Rider's inspections
 * that report what a rule reports (knowledge/resharperInspections.ts) count the same way: `// ReSharper disable once
 * MethodHasAsyncOverload` silences the next statement, `// ReSharper disable X` up to `// ReSharper restore X` (or the
 * end of the file; `All` names every inspection), and `[SuppressMessage("ReSharper", "X")]` its member or type
 * (https://www.jetbrains.com/help/resharper/Code_Analysis__Code_Inspections.html#suppress).
 * A peer that reports only inside test methods (xUnit1031: knowledge/testMethodPeers.ts) silences a finding only where it
 * would have reported it: a NoWarn meant for the test suites says nothing of the code beside them.
 *
 * Semantics follow the compiler's: https://learn.microsoft.com/dotnet/csharp/language-reference/preprocessor-directives#pragma-warning
 * (ids are case-insensitive, a bare number means CS####, a bare disable covers every warning) and
 * https://learn.microsoft.com/dotnet/fundamentals/code-analysis/suppress-warnings (SuppressMessage check ids
 * are the part before ':'; Scope/Target for global suppressions). Pure.
 */
import type { FileModel, MethodBody, Span } from '../model/types';
import { lineIndexOf, lineText, positionAt, type LineIndex } from '../parse/lines';
import { assemblyAttributes, attributeArguments, attributeName, typeAttributes } from './attributes';
import { maskCommentsAndStrings } from '../rules/sourceText';
import type { PeerSeverity } from './editorconfig';
import { RESHARPER_INSPECTIONS, inspectionCovers, resharperInspection } from '../knowledge/resharperInspections';
import { testMethodPeer } from '../knowledge/testMethodPeers';
import { bodiesById } from '../model/bodies';
import { innermostType } from '../model/enclosingTypes';
import { enclosingItems, innermostItemAt } from '../model/spanForest';

export interface Suppressions {
  /** Whether a finding of `ruleId` starting at `offset` is silenced, and by what. */
  suppressedBy(ruleId: string, offset: number): string | null;
}

/** A `[assembly: SuppressMessage(...)]` of the project: which id, and where it applies. */
export interface AssemblySuppression {
  id: string;
  /** module (everywhere), namespace, namespaceanddescendants, type or member; '' when the attribute names none. */
  scope: string;
  /** The target with its `~M:`/`~T:`/`~N:` prefix and parameter list removed: `N.T.M`, `N.T`, `N`. */
  target: string;
  /** The file it is declared in, for the reason. */
  file: string;
}

/** What the file's project and configuration say about peer ids. */
export interface PeerSuppressions {
  /** Ids in the project's NoWarn, and where that comes from ("NoWarn of Orders.csproj"). */
  noWarn?: { ids: readonly string[]; source: string };
  /** Peer ids whose severity is none or silent for this file, with where that is set (`.editorconfig`, or a global analyzer config). */
  editorConfigOff?: ReadonlyMap<string, string>;
  /**
   * Peer ids the same configuration keeps on (suggestion, warning, error), with that severity: an equivalent among them
   * keeps the finding, and caps its severity (analysis/project.ts).
   */
  editorConfigOn?: ReadonlyMap<string, PeerSeverity>;
  /** Global suppressions declared anywhere in the project. */
  assembly?: readonly AssemblySuppression[];
}

export interface SuppressionOptions {
  /** The peer ids each rule lists as equivalents; without it no peer suppression applies. */
  equivalentsOf?: (ruleId: string) => readonly string[];
  peers?: PeerSuppressions;
}

const ID_LIST = /((?:ASY\d{3}|all)(?:\s*,\s*(?:ASY\d{3}|all))*)/i;

function ids(text: string): string[] {
  return text.split(',').map((s) => s.trim().toUpperCase()).filter(Boolean);
}

/** `1998` -> `CS1998`, anything else upper-cased: how the compiler reads the ids of #pragma and NoWarn. */
export function normalizeDiagnosticId(id: string): string {
  const t = id.trim();
  return /^\d+$/.test(t) ? `CS${t.padStart(4, '0')}` : t.toUpperCase();
}

/** The check id of a SuppressMessage argument: `VSTHRD002:Avoid problematic synchronous waits` -> `VSTHRD002`. */
export function checkIdOf(argument: string): string {
  return argument.split(':')[0].trim().toUpperCase();
}

/** Reads `[assembly: SuppressMessage(...)]` attributes of a file (GlobalSuppressions.cs, usually). */
export function assemblySuppressionsOf(file: string, text: string): AssemblySuppression[] {
  if (!text.includes('SuppressMessage')) return [];
  const out: AssemblySuppression[] = [];
  for (const a of assemblyAttributes(text)) {
    if (a.name !== 'SuppressMessage' && a.name !== 'UnconditionalSuppressMessage') continue;
    const args = attributeArguments(a.text);
    const id = args.positional[1];
    if (!id) continue;
    const target = (args.named.get('target') ?? '').replace(/^~?[A-Z]:/, '').replace(/\(.*$/, '').replace(/\.#/, '.').replace(/~.*$/, '').replace(/`\d+/g, '').trim();
    out.push({ id: checkIdOf(id), scope: (args.named.get('scope') ?? '').toLowerCase(), target, file });
  }
  return out;
}

/** The namespace-qualified type around a body, and the member it belongs to (lambdas belong to their method). */
function memberOf(model: FileModel, body: MethodBody): { type: string | null; member: string } {
  let outer = body;
  const byId = bodiesById(model.bodies);
  while (outer.parentId && byId.has(outer.parentId)) outer = byId.get(outer.parentId)!;
  return { type: innermostType(model.types, outer.span)?.fullName ?? null, member: outer.name };
}

function innermostBody(model: FileModel, offset: number): MethodBody | null {
  return innermostItemAt(model.bodies, offset);
}

function typesAround(model: FileModel, offset: number): string[] {
  return enclosingItems(model.types, { start: offset, end: offset }).filter((t) => offset < t.span.end).map((t) => t.fullName);
}

/** Whether a global suppression's scope and target cover a finding at `offset`. */
function assemblyCovers(s: AssemblySuppression, model: FileModel, offset: number): boolean {
  if (s.scope === 'module' || (!s.scope && !s.target)) return true;
  const types = typesAround(model, offset);
  const namespaces = types.map((t) => t.split('.').slice(0, -1).join('.'));
  const lower = s.target.toLowerCase();
  switch (s.scope) {
    case 'namespaceanddescendants':
      return namespaces.some((n) => n.toLowerCase() === lower || n.toLowerCase().startsWith(`${lower}.`));
    case 'namespace':
      // Only diagnostics on the namespace symbol itself: never a finding inside a method.
      return false;
    case 'type':
      return types.some((t) => t.toLowerCase() === lower);
    default: {
      const body = innermostBody(model, offset);
      if (!body) return types.some((t) => t.toLowerCase() === lower);
      const { type, member } = memberOf(model, body);
      return (type ? `${type}.${member}` : member).toLowerCase() === lower || (s.scope !== 'member' && types.some((t) => t.toLowerCase() === lower));
    }
  }
}

/** The rules some ReSharper inspection reports for: what `// ReSharper disable All` silences. */
const resharperRules = new Set(RESHARPER_INSPECTIONS.flatMap((i) => i.rules));

/** A stretch of text a ReSharper suppression comment covers: one inspection (upper-cased `ALL` for every one). */
interface ResharperSuppression {
  inspection: string;
  start: number;
  end: number;
  how: string;
}

/**
 * The stretches `// ReSharper disable once X, Y`, `// ReSharper disable X` ... `// ReSharper restore X` and their
 * `All` forms cover. "once" covers the next statement: from the next line with code through the first line that ends
 * one (`;`, `{` or `}`), at most a few lines, since the comment names a statement, not a block.
 */
function resharperSuppressionsOf(text: string, lines: LineIndex): ResharperSuppression[] {
  if (!/ReSharper\s+(?:disable|restore)/i.test(text)) return [];
  const out: ResharperSuppression[] = [];
  const open = new Map<string, { start: number; how: string }>();
  const lineCount = lines.lineStarts.length;
  const lineEnd = (line: number) => (line + 1 < lineCount ? lines.lineStarts[line + 1] : text.length);
  const comment = /\/\/\s*ReSharper\s+(disable|restore)(\s+once)?\s+([A-Za-z][\w.]*(?:\s*,\s*[A-Za-z][\w.]*)*)/gi;
  for (const m of text.matchAll(comment)) {
    const at = m.index ?? 0;
    const names = m[3].split(',').map((n) => n.trim()).map((n) => (n.toLowerCase() === 'all' ? 'ALL' : n));
    const disable = m[1].toLowerCase() === 'disable';
    if (disable && m[2]) {
      const line = positionAt(lines, at).line;
      let first = line + 1;
      while (first < lineCount && /^\s*(?:\/\/.*)?$/.test(lineText(text, lines, first))) first++;
      let last = first;
      while (last < lineCount - 1 && last < first + 8 && !/[;{}]\s*(?:\/\/.*)?$/.test(lineText(text, lines, last))) last++;
      if (first >= lineCount) continue;
      for (const n of names) out.push({ inspection: n, start: lines.lineStarts[first], end: lineEnd(Math.min(last, lineCount - 1)), how: `// ReSharper disable once ${n === 'ALL' ? 'All' : n}` });
    } else if (disable) {
      for (const n of names) if (!open.has(n)) open.set(n, { start: at, how: `// ReSharper disable ${n === 'ALL' ? 'All' : n}` });
    } else {
      for (const n of names) {
        const closing = n === 'ALL' ? [...open.keys()] : [n];
        for (const id of closing) {
          const o = open.get(id);
          if (!o) continue;
          out.push({ inspection: id, start: o.start, end: at, how: o.how });
          open.delete(id);
        }
      }
    }
  }
  for (const [inspection, o] of open) out.push({ inspection, start: o.start, end: text.length, how: o.how });
  return out;
}

export function suppressionsOf(text: string, model: FileModel, options: SuppressionOptions = {}): Suppressions {
  const lines = lineIndexOf(text);
  const byLine = new Map<number, { ids: string[]; how: string }[]>();
  const addLine = (line: number, list: string[], how: string) => {
    const entry = byLine.get(line) ?? [];
    entry.push({ ids: list, how });
    byLine.set(line, entry);
  };
  const comment = new RegExp(`//\\s*asynclens-disable-(next-line|line)\\s+${ID_LIST.source}`, 'gi');
  for (const m of text.matchAll(comment)) {
    const line = positionAt(lines, m.index ?? 0).line;
    addLine(m[1].toLowerCase() === 'next-line' ? line + 1 : line, ids(m[2]), `// asynclens-disable-${m[1].toLowerCase()}`);
  }
  // #pragma ranges: a disable opens a range for each id until a restore of it (or the end of the file). A bare
  // disable or restore covers every id ('*').
  const ranges: { id: string; start: number; end: number }[] = [];
  const open = new Map<string, number>();
  const pragma = /^[ \t]*#[ \t]*pragma\s+warning\s+(disable|restore)\b([^\r\n]*)/gim;
  for (const m of text.matchAll(pragma)) {
    const list = m[2].replace(/\/\/.*$/, '').split(',').map((s) => s.trim()).filter(Boolean).map(normalizeDiagnosticId);
    const at = m.index ?? 0;
    const targets = list.length ? list : ['*'];
    for (const id of targets) {
      if (m[1].toLowerCase() === 'disable') {
        if (!open.has(id)) open.set(id, at);
      } else if (id === '*') {
        for (const [openId, start] of open) ranges.push({ id: openId, start, end: at });
        open.clear();
      } else if (open.has(id)) {
        ranges.push({ id, start: open.get(id)!, end: at });
        open.delete(id);
      }
    }
  }
  for (const [id, start] of open) ranges.push({ id, start, end: text.length });

  const resharper = resharperSuppressionsOf(text, lines);

  // [SuppressMessage] on members and types: every check id with the span it covers and how it was written.
  const attributed: { id: string; start: number; end: number; category: string }[] = [];
  const readSuppression = (attribute: string, span: Span) => {
    const name = attributeName(attribute);
    if (name !== 'SuppressMessage' && name !== 'UnconditionalSuppressMessage') return;
    const args = attributeArguments(attribute);
    if (args.positional.length < 2) return;
    attributed.push({ id: checkIdOf(args.positional[1]), start: span.start, end: span.end, category: args.positional[0] });
  };
  for (const body of model.bodies) for (const a of body.attributes) readSuppression(a, body.span);
  if (text.includes('SuppressMessage')) {
    const masked = maskCommentsAndStrings(text);
    for (const type of model.types) for (const a of typeAttributes(text, type, masked)) readSuppression(a.text, type.span);
  }

  const interop = options.equivalentsOf;
  const peers = options.peers ?? {};
  return {
    suppressedBy(ruleId: string, offset: number): string | null {
      const line = positionAt(lines, offset).line;
      for (const e of byLine.get(line) ?? []) if (e.ids.includes(ruleId) || e.ids.includes('ALL')) return e.how;
      for (const r of ranges) if (r.id === ruleId && r.start <= offset && offset < r.end) return '#pragma warning disable';
      for (const a of attributed) if (a.id === ruleId && a.start <= offset && offset < a.end) return '[SuppressMessage]';
      if (!interop) return null;
      // An inspection silences a rule only for the findings it reports itself (a wait, not a `.Result`, for ASY001).
      const findingText = text.slice(offset, offset + 200);
      const covers = (id: string) => {
        const known = resharperInspection(id);
        return !!known && inspectionCovers(known, ruleId, findingText);
      };
      const inspection = resharper.find((r) => r.start <= offset && offset < r.end
        && (r.inspection === 'ALL' ? resharperRules.has(ruleId) && RESHARPER_INSPECTIONS.some((i) => inspectionCovers(i, ruleId, findingText)) : covers(r.inspection)));
      if (inspection) return `${inspection.how} (${inspection.inspection === 'ALL' ? `every ReSharper inspection, the one for what ${ruleId} reports among them` : `ReSharper's inspection for what ${ruleId} reports`})`;
      for (const a of attributed) {
        const silenced = /resharper/i.test(a.category) && a.start <= offset && offset < a.end ? resharperInspection(a.id) : undefined;
        if (silenced && covers(silenced.id)) return `[SuppressMessage("${a.category}", "${silenced.id}")] (ReSharper's inspection for what ${ruleId} reports)`;
      }
      // A peer that reports only inside test methods (xUnit1031) silences nothing elsewhere, however it is turned off.
      // Whether it could report here is asked only of a peer some suppression names (most findings have none).
      const named = interop(ruleId).map((id) => id.toUpperCase());
      if (!named.length) return null;
      const reportsHere = new Map<string, boolean>();
      const equivalent = (id: string): boolean => {
        const upper = id.toUpperCase();
        if (!named.includes(upper)) return false;
        let reports = reportsHere.get(upper);
        if (reports === undefined) reportsHere.set(upper, (reports = peerReportsAt(model, upper, offset)));
        return reports;
      };
      // Ids are matched without case, as the compiler does, and named as the peer spells them (xUnit1031).
      const spelled = (id: string) => interop(ruleId).find((e) => e.toUpperCase() === id.toUpperCase()) ?? id;
      const as = (what: string) => `${what} (an equivalent of ${ruleId})`;
      for (const r of ranges) {
        if (r.start > offset || offset >= r.end) continue;
        if (r.id === '*' && named.some(equivalent)) return `a bare #pragma warning disable (it silences every warning, ${ruleId} included)`;
        if (equivalent(r.id)) return as(`#pragma warning disable ${spelled(r.id)}`);
      }
      for (const a of attributed) if (a.start <= offset && offset < a.end && equivalent(a.id)) return as(`[SuppressMessage("${a.category}", "${a.id}")]`);
      for (const s of peers.assembly ?? []) {
        if (equivalent(s.id) && assemblyCovers(s, model, offset)) {
          const file = s.file.split('/').pop();
          return as(`[assembly: SuppressMessage(..., "${s.id}"${s.scope ? `, Scope = "${s.scope}"` : ''}${s.target ? `, Target = "${s.target}"` : ''})] in ${file}`);
        }
      }
      const noWarn = peers.noWarn?.ids.find((id) => equivalent(normalizeDiagnosticId(id)));
      if (noWarn) return as(`${spelled(normalizeDiagnosticId(noWarn))} in ${peers.noWarn!.source}`);
      if (named.some((id) => peers.editorConfigOn?.has(id) && equivalent(id))) return null;
      for (const id of named) {
        const where = peers.editorConfigOff?.get(id);
        if (where && equivalent(id)) return as(`dotnet_diagnostic.${spelled(id)}.severity = none in ${where}`);
      }
      return null;
    },
  };
}

/**
 * Whether the peer rule `id` could have reported at `offset`: everywhere, unless it looks only inside test methods
 * (knowledge/testMethodPeers.ts), where the innermost function around the offset must be such a method (or, for a
 * peer that looks into them, a lambda or local function inside one).
 */
function peerReportsAt(model: FileModel, id: string, offset: number): boolean {
  const peer = testMethodPeer(id);
  if (!peer) return true;
  let body: MethodBody | null | undefined = innermostBody(model, offset);
  if (!peer.insideNestedFunctions && body && NESTED_FUNCTIONS.has(body.kind)) return false;
  const byId = bodiesById(model.bodies);
  while (body && NESTED_FUNCTIONS.has(body.kind)) body = body.parentId ? byId.get(body.parentId) : undefined;
  return !!body && body.kind === 'method' && body.attributes.some((a) => peer.testAttributes.test(attributeName(a)));
}

const NESTED_FUNCTIONS: ReadonlySet<MethodBody['kind']> = new Set(['lambda', 'localFunction', 'anonymousMethod']);

