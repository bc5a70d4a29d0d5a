/**
 * The markdown people read in hovers and in the method detail: the cost card of an async method, what one
 * await may cost, and what a flagged call is about. Pure functions of snapshot data, so tests snapshot them.
 */
import type { Diagnostic } from 'vscode-languageserver';
import type { RuntimeProfile } from '../config/settings';
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

/** Inline code that survives backticks and pipes inside it (type arguments, lambdas, `a || b`). */
export function code(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const shown = flat.length > 80 ? `${flat.slice(0, 77)}...` : flat;
  const fence = shown.includes('`') ? '``' : '`';
  const pad = shown.startsWith('`') || shown.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${shown.replace(/\|/g, '\\|')}${pad}${fence}`;
}

/** Plain text for a table cell or a line of prose: markdown's active characters escaped. */
export function escape(text: string): string {
  return text.replace(/([\\`*_[\]<>|#])/g, '\\$1').replace(/\s+/g, ' ').trim();
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

function syncCell(c: ProfileCostView): string {
  if (c.syncBytesIfCached !== c.syncBytes) return `${bytes(c.syncBytes)} (${bytes(c.syncBytesIfCached)} if the result is cached)`;
  return bytes(c.syncBytes);
}

function suspendCell(m: MethodView, c: ProfileCostView): string {
  if (m.awaits.length === 0) return 'never suspends';
  return bytes(c.suspendBytes);
}

function fieldsTable(c: ProfileCostView): string[] {
  if (c.fields.length === 0) return [];
  const rows = c.fields.map((f) => `| ${code(f.name)} | ${code(f.type)} | ${f.bytes} |`);
  return ['| state machine field | type | bytes |', '|---|---|---:|', ...rows, `| **total** (${profileLabel(c.runtime)}) | | **${c.stateMachineBytes}** |`, ''];
}

function costTable(m: MethodView, costs: readonly ProfileCostView[]): string[] {
  if (costs.length === 0) return [];
  return [
    `| bytes per call | ${costs.map((c) => profileLabel(c.runtime, c)).join(' | ')} |`,
    `|---|${costs.map(() => '---:').join('|')}|`,
    `| completes synchronously | ${costs.map(syncCell).join(' | ')} |`,
    `| suspends | ${costs.map((c) => suspendCell(m, c)).join(' | ')} |`,
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

/** The hover on an async method's name: layout, bytes on both paths beside the other runtime, suspension points, verdict, findings. */
export function costCard(m: MethodView): string {
  const selected = m.costs[0];
  const out: string[] = [`**${escape(signatureLine(m))}**${verdictBadge(m)}`, ''];
  if (selected) {
    out.push(...fieldsTable(selected));
    out.push(...costTable(m, m.costs));
    for (const note of selected.notes) out.push(`- ${escape(note)}`);
    if (selected.notes.length) out.push('');
    if (typeof selected.estimate === 'string') out.push(`_Estimate: ${escape(selected.estimate)}_`, '');
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
  const state = a.state === 'complete' ? 'completes synchronously' : a.state === 'suspends' ? 'suspends' : 'may suspend';
  const out = [`**await** ${code(a.text)} · ${state}`, ''];
  if (a.reason && a.reason !== a.text) out.push(`Why: ${escape(a.reason)}.`, '');
  out.push(`Cost: ${escape(a.costNote)}.`, '');
  const selected = m.costs[0];
  if (selected && a.state !== 'complete' && m.costs.length > 1) {
    out.push(`The first suspension of ${code(m.name)} allocates ${m.costs.map((c) => `${bytes(c.suspendBytes)} on ${profileLabel(c.runtime, c)}`).join(', ')}; later ones in the same call reuse it.`, '');
  }
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
    out.push('### Bytes per call', '', ...costTable(m, m.costs));
    for (const c of m.costs) {
      out.push(`### ${profileLabel(c.runtime, c)}`, '');
      out.push(...fieldsTable(c));
      for (const note of c.notes) out.push(`- ${escape(note)}`);
      if (c.notes.length) out.push('');
      if (typeof c.estimate === 'string') out.push(`_Estimate: ${escape(c.estimate)}_`, '');
    }
  } else if (m.costError) {
    out.push(`_No cost estimate: ${escape(m.costError)}._`, '');
  }
  out.push('### Suspension points', '');
  if (m.awaits.length) out.push(...m.awaits.map((a) => `${awaitLine(a)}. ${escape(a.costNote)}.`), '');
  else out.push('None: the method never awaits.', '');
  out.push(...findingLines(m));
  return trimEnd(out);
}

function trimEnd(lines: string[]): string {
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}
