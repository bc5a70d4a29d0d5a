/**
 * The markdown people read in hovers and in the method detail: the cost card of an async method, what one
 * await may cost, and what a flagged call is about. Pure functions of snapshot data, so tests snapshot them.
 */
import type { Diagnostic } from 'vscode-languageserver';
import { RUNTIME_PROFILES, type RuntimeProfile } from '../config/settings';
import { ruleById } from '../rules/registry';
import { ruleDocsUrl } from '../rules/docsUrl';
import type { AwaitView, DiagnosticData, MethodView, ProfileCostView } from './snapshot';

const PROFILE_LABEL: Record<RuntimeProfile, string> = {
  net6: '.NET 6',
  net7: '.NET 7',
  net8: '.NET 8',
  net9: '.NET 9',
  net10: '.NET 10',
  'net11-runtime-async': '.NET 11 runtime async',
};

export function profileLabel(profile: RuntimeProfile, cost?: ProfileCostView): string {
  const label = PROFILE_LABEL[profile] ?? profile;
  return cost && cost.estimate !== false ? `${label} (estimate)` : label;
}

/**
 * Inline code for any text, which can never end early: CommonMark closes a code span only at a backtick run of
 * exactly the opening run's length, so the fence is one backtick longer than the longest run inside. Inside a
 * code span HTML and markdown are literal; pipes are escaped for table cells (GFM honours `\|` there too) and
 * line breaks flattened, so the span cannot leave its cell or line either.
 */
export function code(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return codeSpan(flat.length > 80 ? `${flat.slice(0, 77)}...` : flat);
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

export function bytes(n: number): string {
  return `${n} B`;
}

function signatureLine(m: MethodView): string {
  const owner = m.containingType ? `${m.containingType}.` : '';
  const returns = m.returnTypeText ? `${m.returnTypeText} ` : '';
  return `async ${returns}${owner}${m.name}`;
}

function verdictBadge(m: MethodView): string {
  if (m.likelySync === null) return '';
  return m.likelySync ? ' · likely completes synchronously' : ' · may suspend';
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
    ...m.findings.map((f) => `- [${f.ruleId}](${ruleDocsUrl(f.ruleId)}) line ${f.range.start.line + 1}: ${escape(f.message)}`),
    '',
  ];
}

/** Which runtime the figures are for and why: the project's target under "auto", the setting, or the fallback. */
function runtimeLine(m: MethodView): string {
  const c = m.runtimeChoice!;
  return `_Runtime ${profileLabel(c.profile)}${c.approximate ? ' (an estimate)' : ''}: ${escape(c.reason)}._`;
}

/** The hover on an async method's name: layout, bytes on both paths beside the other runtime, suspension points, verdict, findings. */
export function costCard(m: MethodView): string {
  const selected = m.costs[0];
  const out: string[] = [`**${escape(signatureLine(m))}**${verdictBadge(m)}`, ''];
  if (selected) {
    out.push(...fieldsTable(selected, false));
    out.push(...costTable(m.costs));
    out.push(`- Synchronous: ${escape(selected.syncExplanation)}`);
    out.push(`- Suspended: ${escape(selected.suspendExplanation)}`);
    for (const a of selected.assumptions) out.push(`- Assumed: ${escape(a)}`);
    out.push('');
    if (m.runtimeChoice) out.push(runtimeLine(m), '');
    if (selected.estimate !== false) out.push(`_${profileLabel(selected.runtime)} figures are estimates: ${escape(selected.estimate)}._`, '');
  } else if (m.costError) {
    out.push(`_No cost estimate: ${escape(m.costError)}._`, '');
  }
  if (m.awaits.length) {
    out.push(`**Suspension points** (${m.maySuspend} of ${m.awaits.length} may suspend)`, ...m.awaits.map(awaitLine), '');
  } else {
    out.push('**Suspension points**: none, the method never awaits.', '');
  }
  if (m.verdictReason) out.push(`**${m.likelySync ? 'Likely synchronous' : 'Not likely synchronous'}**: ${escape(m.verdictReason)}.`, '');
  out.push(...findingLines(m));
  return trimEnd(out);
}

/** The hover on an `await`: whether it may suspend, why, and what that costs on each shown profile. */
export function awaitCard(m: MethodView, a: AwaitView): string {
  const index = m.awaits.indexOf(a);
  const state = a.state === 'complete' ? 'completes synchronously' : a.state === 'suspends' ? 'always suspends' : 'may suspend';
  const out = [`**await** ${code(a.text)} · ${state}`, ''];
  if (a.reason && a.reason !== a.text) out.push(`Why: ${escape(a.reason)}.`, '');
  for (const c of m.costs) {
    const note = c.awaitNotes[index];
    if (note) out.push(`- ${profileLabel(c.runtime, c)}: ${escape(note)}`);
  }
  if (m.costs.length === 0) out.push(`- ${escape(a.costNote)}`);
  out.push('', `In ${code(m.name)}: ${m.maySuspend} of ${m.awaits.length} await${m.awaits.length === 1 ? '' : 's'} may suspend; one call pays for the first suspension only.`);
  return trimEnd(out);
}

/** The hover on a flagged expression: rule, message, why, the fix (naming the async twin) and the docs. */
export function findingCard(d: Diagnostic): string {
  const id = String(d.code ?? '');
  const rule = ruleById(id);
  const [message, ...note] = (typeof d.message === 'string' ? d.message : d.message.value).split('\n');
  const out = [`**${id}${rule ? ` ${rule.meta.name}` : ''}**`, '', escape(message), ''];
  if (note.length) out.push(escape(note.join(' ')), '');
  const data = d.data as DiagnosticData | undefined;
  if (data?.fix) {
    const safety = data.fix.safety === 'safe' ? 'safe fix' : data.fix.safety === 'unsafe' ? 'unsafe fix, review it' : 'described only, not applied automatically';
    out.push(`Fix: ${escape(data.fix.title)} (${safety}).`, '');
  }
  out.push(`[${id} documentation](${ruleDocsUrl(id)})`);
  return out.join('\n');
}

/** The full layout of a method on every runtime profile: what the CodeLens opens. */
export function methodDetail(m: MethodView): string {
  const out: string[] = [`## ${escape(signatureLine(m))}`, ''];
  if (m.verdictReason) out.push(`${m.likelySync ? 'Likely completes synchronously' : 'May suspend'}: ${escape(m.verdictReason)}.`, '');
  if (m.costs.length) {
    // Oldest runtime first, as people compare them; the selected one (costs[0]) is marked.
    const selected = m.costs[0].runtime;
    const ordered = [...m.costs].sort((a, b) => RUNTIME_PROFILES.indexOf(a.runtime) - RUNTIME_PROFILES.indexOf(b.runtime));
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
