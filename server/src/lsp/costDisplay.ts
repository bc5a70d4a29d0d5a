/**
 * The one-line costs shown in the editor: the inlay hint after an async method's signature
 * (`sync 0 B · suspend 104 B`) and the CodeLens above it (`suspend 104 B · sync 0 B · 2 findings`).
 */
import { MarkupKind, type CodeLens, type InlayHint, type Range } from 'vscode-languageserver';
import type { AsyncLensSettings } from '../config/settings';
import { rangeContains } from './convert';
import { bytes, profileLabel } from './markdown';
import type { DocumentSnapshot, ProfileCostView } from './snapshot';
import { SHOW_METHOD_DETAIL_COMMAND } from './protocol';

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

export function inlayHintsOf(snapshot: DocumentSnapshot, range: Range, settings: AsyncLensSettings): InlayHint[] {
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
      position: m.signatureEnd,
      label: `${syncText(c)} · ${suspendText(c)}`,
      paddingLeft: true,
      tooltip: {
        kind: MarkupKind.Markdown,
        value: `Heap bytes one call of \`${m.name}\` allocates on ${profileLabel(c.runtime, c)}: ${sync} ${suspend} Hover the name for the layout.`,
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
    const cost = c ? `${suspendText(c)} · ${syncText(c)}` : 'cost unknown';
    const position = m.nameRange.start;
    return {
      range: { start: m.range.start, end: m.range.start },
      command: {
        title: `${cost}${findings}`,
        command: SHOW_METHOD_DETAIL_COMMAND,
        arguments: [snapshot.uri, position.line, position.character],
      },
    };
  });
}
