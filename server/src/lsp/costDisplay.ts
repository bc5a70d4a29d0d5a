/**
 * The one-line costs shown in the editor: the inlay hint after an async method's signature
 * (`sync 0 B · suspend 104 B`) and the CodeLens above it (`sync 0 B · suspend 104 B · 2 findings`, off by
 * default: one annotation per method is enough). Both say the same thing in the same order and words.
 */
import { MarkupKind, type CodeLens, type InlayHint, type Range } from 'vscode-languageserver';
import type { AsyncLensSettings, RuntimeProfile } from '../config/settings';
import { hintPositionAfterSignature, rangeContains } from './convert';
import type { DocumentSnapshot, ProfileCostView } from './snapshot';
import { SHOW_METHOD_DETAIL_COMMAND } from './protocol';

const PROFILE_LABEL: Record<RuntimeProfile, string> = {
  net6: '.NET 6',
  net7: '.NET 7',
  net8: '.NET 8',
  net9: '.NET 9',
  net10: '.NET 10',
  'net11-runtime-async': '.NET 11 runtime async',
};

/** A runtime profile's name as people read it, marked when its cost is an estimate. */
export function profileLabel(profile: RuntimeProfile, cost?: ProfileCostView): string {
  const label = PROFILE_LABEL[profile] ?? profile;
  return cost && cost.estimate !== false ? `${label} (estimate)` : label;
}

/** A byte count as the cost card and the inlay hint show it. */
export function bytes(n: number): string {
  return `${n} B`;
}

/** `sync 0 B`, `≈72 B` for estimates, or what the path does when it never happens. */
function pathText(label: string, value: number | null, never: string, c: ProfileCostView): string {
  if (value === null) return never;
  return `${label} ${c.estimate !== false ? '≈' : ''}${bytes(value)}`;
}

const syncText = (c: ProfileCostView) => pathText('sync', c.syncBytes, 'always suspends', c);
const suspendText = (c: ProfileCostView) => pathText('suspend', c.suspendBytes, 'never suspends', c);

/** Whether a method costs enough to show at `threshold` bytes: either path counts. */
export function isAboveThreshold(c: ProfileCostView, threshold: number): boolean {
  return (c.syncBytes ?? 0) >= threshold || (c.suspendBytes ?? 0) >= threshold;
}

/** The one-line cost of a method on the selected profile, as both the inlay hint and the CodeLens say it. */
export function costLine(c: ProfileCostView): string {
  return `${syncText(c)} · ${suspendText(c)}`;
}

/**
 * Inlay hints after async signatures. `lineText` reads a line of the snapshot's text: the hint moves to the end
 * of the line when the signature's line goes on (`) => expression;`), so it never splits a member.
 */
export function inlayHintsOf(snapshot: DocumentSnapshot, range: Range, settings: AsyncLensSettings, lineText: (line: number) => string): InlayHint[] {
  if (settings.inlayHints === 'off') return [];
  const hints: InlayHint[] = [];
  for (const m of snapshot.methods) {
    const c = m.costs[0];
    if (!c || !rangeContains(range, m.signatureEnd)) continue;
    if (settings.inlayHints === 'aboveThreshold' && !isAboveThreshold(c, settings.costThreshold)) continue;
    const cached = c.syncBytesIfCached !== null && c.syncBytesIfCached !== c.syncBytes ? ` (${bytes(c.syncBytesIfCached)} when the result is a cached value: ${c.cachedValues ?? 'see the docs'})` : '';
    const sync = c.syncBytes === null ? 'It always suspends.' : `${bytes(c.syncBytes)} when it completes synchronously${cached}.`;
    const suspend = c.suspendBytes === null ? 'It never suspends.' : `${bytes(c.suspendBytes)} when it suspends (once per call).`;
    hints.push({
      position: hintPositionAfterSignature(m.signatureEnd, lineText(m.signatureEnd.line)),
      label: m.stale ? `${costLine(c)} · stale` : costLine(c),
      paddingLeft: true,
      tooltip: {
        kind: MarkupKind.Markdown,
        value: `${m.stale ? `Stale: from before the syntax error in \`${m.name}\`; updates when it parses again. ` : ''}Heap bytes one call of \`${m.name}\` allocates on ${profileLabel(c.runtime, c)}: ${sync} ${suspend} Hover the name for more.`,
      },
    });
  }
  return hints;
}

export function codeLensesOf(snapshot: DocumentSnapshot, settings: AsyncLensSettings): CodeLens[] {
  if (!settings.codeLens) return [];
  return snapshot.methods.map((m) => {
    const c = m.costs[0];
    const findings = m.findings.length === 0 ? '' : ` · ${m.findings.length} finding${m.findings.length === 1 ? '' : 's'}`;
    const cost = c ? costLine(c) : 'cost unknown';
    const position = m.nameRange.start;
    return {
      range: { start: m.range.start, end: m.range.start },
      command: {
        title: `${cost}${findings}${m.stale ? ' · stale' : ''}`,
        command: SHOW_METHOD_DETAIL_COMMAND,
        arguments: [snapshot.uri, position.line, position.character],
      },
    };
  });
}
