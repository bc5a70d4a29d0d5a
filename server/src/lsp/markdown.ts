/**
 * The markdown people read in hovers and in the method detail: the cost card of an async method, what one
 * await may cost, and what a flagged call is about. Pure functions of snapshot data, so tests snapshot them.
 */
import type { Diagnostic } from 'vscode-languageserver';
import { RUNTIME_PROFILES } from '../config/settings';
import { ruleById } from '../rules/registry';
import { ruleDocsLink } from './ruleDocs';
import type { AwaitView, DiagnosticData, MethodView, ProfileCostView } from './snapshot';
import { bytes, costLine, profileLabel } from './costDisplay';
import { SHOW_METHOD_DETAIL_COMMAND } from './protocol';

/**
 * Inline code for any text, which can never end early: CommonMark closes a code span only at a backtick run of
 * exactly the opening run's length, so the fence is one backtick longer than the longest run inside. Inside a
 * code span HTML and markdown are literal; pipes are escaped for table cells (GFM honours `\|` there too) and
 * line breaks flattened, so the span cannot leave its cell or line either.
 */
export function code(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return codeSpan(flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat);
}

function codeSpan(shown: string): string {
  let longestRun = 0;
  for (const run of shown.match(/`+/g) ?? []) longestRun = Math.max(longestRun, run.length);
  const fence = '`'.repeat(longestRun + 1);
  // A space keeps a leading or trailing backtick from joining the fence; CommonMark strips one on each side.
  const pad = shown.startsWith('`') || shown.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${shown.replace(/\|/g, '\\|')}${pad}${fence}`;
}

/** Plain text with every character markdown (and HTML inside markdown) could act on escaped. */
function plain(text: string): string {
  return text.replace(/([\\`*_[\]<>|#!~&])/g, '\\$1');
}

/**
 * Text for a table cell or a line of prose: markdown's active characters escaped, except inside the
 * `code spans` rule messages use on purpose, which are kept as code (with a fence that fits their content).
 * Messages quote source text, which may hold backticks of its own: when the backticks do not pair up, the
 * whole text is escaped as plain text instead.
 */
export function escape(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const parts = flat.split('`');
  if (parts.length % 2 === 0) return plain(flat);
  return parts.map((p, i) => (i % 2 === 0 ? plain(p) : p === '' ? '' : codeSpan(p))).join('');
}

function signatureLine(m: MethodView): string {
  const owner = m.containingType ? `${m.containingType}.` : '';
  const returns = m.returnTypeText ? `${m.returnTypeText} ` : '';
  return `async ${returns}${owner}${m.name}`;
}

function bytesOrNever(value: number | null, never: string): string {
  return value === null ? never : bytes(value);
}

function syncCell(c: ProfileCostView): string {
  if (c.syncBytes === null) return 'always suspends';
  if (c.syncBytesIfCached !== null && c.syncBytesIfCached !== c.syncBytes) return `${bytes(c.syncBytes)} (${bytes(c.syncBytesIfCached)} if cached)`;
  return bytes(c.syncBytes);
}

function layoutLabel(c: ProfileCostView): string {
  return c.layoutKind === 'continuation' ? 'continuation' : c.layoutKind === 'class' ? 'state machine class' : 'state machine struct';
}

function fieldsTable(c: ProfileCostView, withHolds: boolean): string[] {
  if (c.fields.length === 0) return [];
  const head = withHolds ? ['| field | type | bytes | holds |', '|---|---|---:|---|'] : [`| ${layoutLabel(c)} field | type | bytes |`, '|---|---|---:|'];
  const rows = c.fields.map((f) => `| ${code(f.name)} | ${code(f.type)} | ${f.bytes} |${withHolds ? ` ${escape(f.holds)}${f.assumption ? ` (assumed: ${escape(f.assumption)})` : ''} |` : ''}`);
  return [...head, ...rows, `| **total** | | **${c.stateMachineBytes}** |${withHolds ? ' |' : ''}`, ''];
}

function costTable(costs: readonly ProfileCostView[]): string[] {
  if (costs.length === 0) return [];
  return [
    `| bytes per call | ${costs.map((c) => profileLabel(c.runtime, c)).join(' | ')} |`,
    `|---|${costs.map(() => '---:').join('|')}|`,
    `| completes synchronously | ${costs.map(syncCell).join(' | ')} |`,
    `| suspends | ${costs.map((c) => bytesOrNever(c.suspendBytes, 'never suspends')).join(' | ')} |`,
    `| ${costs.some((c) => c.layoutKind === 'continuation') ? 'state machine / continuation' : 'state machine'} | ${costs.map((c) => bytes(c.stateMachineBytes)).join(' | ')} |`,
    '',
  ];
}

function awaitLine(a: AwaitView): string {
  const state = a.state === 'complete' ? 'known complete' : a.state === 'suspends' ? 'suspends' : 'may suspend';
  const why = a.reason && a.reason !== a.text ? ` (${escape(a.reason)})` : '';
  return `- line ${a.line + 1}: ${code(`await ${a.text}`)}: ${state}${why}`;
}

function findingLines(m: MethodView): string[] {
  if (m.findings.length === 0) return [];
  return [
    '**Findings**',
    // Plain ids: the detail view opens no links (markdownHtml.ts); the Problems panel links each rule's page.
    ...m.findings.map((f) => `- ${f.ruleId} line ${f.range.start.line + 1}: ${escape(f.message)}`),
    '',
  ];
}

/** Which runtime the figures are for and why: the project's target under "auto", the setting, or the fallback. */
function runtimeLine(m: MethodView): string {
  const c = m.runtimeChoice!;
  return `_Runtime ${profileLabel(c.profile)}${c.approximate ? ' (an estimate)' : ''}: ${escape(c.reason)}._`;
}

/** The command link that opens the method detail view (the field table and every runtime) for a method. */
export function detailLink(uri: string, m: MethodView): string {
  const args = encodeURIComponent(JSON.stringify([uri, m.nameRange.start.line, m.nameRange.start.character]));
  return `command:${SHOW_METHOD_DETAIL_COMMAND}?${args}`;
}

/** What the reader should know about the awaits, in one line: the one that may suspend, or that none does. */
function suspensionLine(m: MethodView): string | null {
  if (m.awaits.length === 0) return 'Never awaits: the state machine runs for nothing.';
  const suspending = m.awaits.filter((a) => a.state !== 'complete');
  if (suspending.length === 0) return `Every await completes synchronously (${m.awaits.length === 1 ? 'its only one' : `all ${m.awaits.length}`}).`;
  const first = suspending[0];
  const more = suspending.length > 1 ? ` and ${suspending.length - 1} more` : '';
  return `May suspend at ${code(`await ${first.text}`, 48)} (line ${first.line + 1})${more}.`;
}

/** The findings of a method, once each: on its name by rule name (the editor shows their text above), in the body by line. */
function findingsLine(m: MethodView): string | null {
  if (m.findings.length === 0) return null;
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const f of m.findings) {
    const onName = f.range.start.line === m.nameRange.start.line && f.range.start.character === m.nameRange.start.character;
    const key = `${f.ruleId}:${onName ? 'name' : f.range.start.line}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const rule = ruleById(f.ruleId);
    parts.push(`[${f.ruleId}](${ruleDocsLink(f.ruleId)}) ${onName ? (rule?.meta.name ?? '') : `line ${f.range.start.line + 1}`}`.trim());
  }
  const shown = parts.slice(0, 6);
  return `Findings: ${shown.join(' · ')}${parts.length > shown.length ? ` · ${parts.length - shown.length} more` : ''}`;
}

/**
 * The hover on an async method's name, written to be read at a glance: the signature and the bytes on one line,
 * at most three short lines of why (the verdict, the await that may suspend, an estimate's reason), the findings
 * once by id, and a link to the method detail for the field table and the other runtimes.
 */
export function costCard(m: MethodView, uri?: string): string {
  const selected = m.costs[0];
  const returns = m.returnTypeText ? `${m.returnTypeText} ` : '';
  const head = `**${escape(`async ${returns}${m.name}`)}**`;
  const out: string[] = [];
  if (selected) out.push(`${head} · ${escape(costLine(selected))} (${escape(profileLabel(selected.runtime))})`, '');
  else out.push(head, '', `_No cost estimate: ${escape(m.costError ?? 'the cost model has no figures for this method')}._`, '');
  const why: string[] = [];
  if (m.stale) why.push(`_Stale: these are from before the syntax error in ${code(m.name)}; they update when it parses again._`);
  // With ASY010 on the name the editor already shows the verdict above this card: only the condition is new.
  const verdictShown = m.findings.some((f) => f.ruleId === 'ASY010' && f.range.start.line === m.nameRange.start.line);
  const condition = /\(when (.+)\)$/.exec(m.verdictReason ?? '')?.[1];
  // A method that likely suspends says so in the suspension line below; the verdict would repeat it.
  if (m.verdictReason && m.likelySync && !verdictShown) why.push(`Likely completes synchronously: ${escapeShort(m.verdictReason)}.`);
  else if (m.likelySync && condition) why.push(`Fast path: when ${code(condition, 56)}.`);
  const suspension = suspensionLine(m);
  if (suspension && !(m.likelySync && m.awaits.length === 0)) why.push(suspension);
  // Which runtime the bytes are for and why (the project's target under "auto"); an estimate's reasons are in the details.
  if (m.runtimeChoice) why.push(runtimeLine(m));
  else if (selected && selected.estimate !== false) why.push(`≈ Estimate: ${escapeShort(selected.estimate.replace(/\s*\(see the assumptions\)/, ''))}.`);
  for (const line of why.slice(0, 3)) out.push(line, '');
  const findings = findingsLine(m);
  if (findings) out.push(findings, '');
  if (uri) out.push(`[Details](${detailLink(uri, m)}): state machine fields, every runtime, assumptions`);
  return trimEnd(out);
}

/** Prose from the model, escaped, with code-like parentheticals shortened so a line stays readable. */
function escapeShort(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return escape(flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat);
}

/** The hover on an `await`: whether it may suspend, why, and what that costs on the selected runtime. */
export function awaitCard(m: MethodView, a: AwaitView): string {
  const index = m.awaits.indexOf(a);
  const state = a.state === 'complete' ? 'completes synchronously' : a.state === 'suspends' ? 'always suspends' : 'may suspend';
  const out = [`**await** ${code(a.text, 56)} · ${state}`, ''];
  if (a.reason && a.reason !== a.text) out.push(`Why: ${escapeShort(a.reason.split(a.text).join('it'))}.`, '');
  const selected = m.costs[0];
  // The cost note quotes the awaited expression again; the first line already shows it.
  const note = selected ? selected.awaitNotes[index] : a.costNote;
  if (note) out.push(`${selected ? `${escape(profileLabel(selected.runtime, selected))}: ` : ''}${escapeShort(note.split(`await ${a.text}`).join('this await'), 220)}`, '');
  out.push(`In ${code(m.name)}: ${m.maySuspend} of ${m.awaits.length} await${m.awaits.length === 1 ? '' : 's'} may suspend; one call pays for the first suspension only.`);
  return trimEnd(out);
}

/**
 * The hover on a flagged expression. The editor already shows the diagnostic's message above it, so this says what
 * the message does not: why it matters (the rule's note), the fix and how safe it is, and the rule's page.
 */
export function findingCard(d: Diagnostic): string {
  const id = String(d.code ?? '');
  const rule = ruleById(id);
  const data = d.data as DiagnosticData | undefined;
  const out: string[] = [];
  if (data?.stale) out.push('_Stale: found before the syntax error in this method; checked again when it parses._', '');
  if (data?.note) out.push(escape(data.note), '');
  if (data?.fix) {
    const safety = data.fix.safety === 'safe' ? 'safe fix' : data.fix.safety === 'unsafe' ? 'unsafe fix, review it' : 'described only, not applied automatically';
    out.push(`Fix: ${escape(data.fix.title)} (${safety}).`, '');
  }
  out.push(`[${id}${rule ? ` ${rule.meta.name}` : ''}](${ruleDocsLink(id)})`);
  return out.join('\n');
}

/** The full layout of a method on every runtime profile: what the CodeLens opens. */
export function methodDetail(m: MethodView): string {
  const out: string[] = [`## ${escape(signatureLine(m))}`, ''];
  if (m.verdictReason) out.push(`${m.likelySync ? 'Likely completes synchronously' : 'May suspend'}: ${escape(m.verdictReason)}.`, '');
  if (m.costs.length) {
    // The selected runtime (costs[0]) first, as the hover and the inlay hint show it; then the others, oldest first.
    const selected = m.costs[0].runtime;
    const ordered = [m.costs[0], ...m.costs.slice(1).sort((a, b) => RUNTIME_PROFILES.indexOf(a.runtime) - RUNTIME_PROFILES.indexOf(b.runtime))];
    out.push(`### Bytes per call (selected: ${profileLabel(selected)})`, '', ...costTable(ordered));
    if (m.runtimeChoice) out.push(runtimeLine(m), '');
    for (const c of ordered) {
      out.push(`### ${profileLabel(c.runtime, c)}${c.runtime === selected ? ', selected' : ''}: ${c.machinery === 'runtime-async' ? 'runtime async' : 'compiler state machine'}`, '');
      out.push(...fieldsTable(c, true));
      out.push(`- Synchronous: ${escape(c.syncExplanation)}`, `- Suspended: ${escape(c.suspendExplanation)}`);
      if (c.cachedValues) out.push(`- Cached results: ${escape(c.cachedValues)}`);
      for (const callee of c.callees) {
        out.push(`- Awaited operation ${escape(callee.what)} allocates ${bytesOrNever(callee.syncBytes, 'nothing synchronously (it suspends)')} / ${bytesOrNever(callee.suspendBytes, '-')} on suspension itself (not counted above)`);
      }
      for (const note of c.notes) out.push(`- ${escape(note)}`);
      for (const a of c.assumptions) out.push(`- Assumed: ${escape(a)}`);
      if (c.estimate !== false) out.push(`- Estimate: ${escape(c.estimate)}`);
      out.push('');
    }
  } else if (m.costError) {
    out.push(`_No cost estimate: ${escape(m.costError)}._`, '');
  }
  out.push('### Suspension points', '');
  if (m.awaits.length) out.push(...m.awaits.map((a) => `${awaitLine(a)}. ${escape(a.costNote)}`), '');
  else out.push('None: the method never awaits.', '');
  out.push(...findingLines(m));
  return trimEnd(out);
}

function trimEnd(lines: string[]): string {
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}

/** The hover on an async method the analysis skipped: which one, and why it has no numbers or findings. */
export function skippedCard(s: { name: string; reason: string }): string {
  return `**${escape(s.name)}** is not analysed: ${escape(s.reason)}.`;
}
