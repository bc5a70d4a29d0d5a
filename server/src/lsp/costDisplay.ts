/**
 * The one-line costs shown in the editor: the inlay hint after an async method's signature
 * (`sync 0 B · suspend 104 B`) and the CodeLens above it (`suspend 104 B · sync 0 B · 2 findings`).
 */
import { MarkupKind, type CodeLens, type InlayHint, type Range } from 'vscode-languageserver';
import type { AsyncLensSettings } from '../config/settings';
import { rangeContains } from './convert';
import { bytes, profileLabel } from './markdown';
import type { DocumentSnapshot, MethodView, ProfileCostView } from './snapshot';
import { SHOW_METHOD_DETAIL_COMMAND } from './protocol';

function suspendText(m: MethodView, c: ProfileCostView): string {
  return m.awaits.length === 0 ? 'never suspends' : `suspend ${bytes(c.suspendBytes)}`;
}

/** Whether a method costs enough to show at `threshold` bytes: either path counts. */
export function isAboveThreshold(m: MethodView, c: ProfileCostView, threshold: number): boolean {
  return c.syncBytes >= threshold || (m.awaits.length > 0 && c.suspendBytes >= threshold);
}

export function inlayHintsOf(snapshot: DocumentSnapshot, range: Range, settings: AsyncLensSettings): InlayHint[] {
  if (settings.inlayHints === 'off') return [];
  const hints: InlayHint[] = [];
  for (const m of snapshot.methods) {
    const c = m.costs[0];
    if (!c || !rangeContains(range, m.signatureEnd)) continue;
    if (settings.inlayHints === 'aboveThreshold' && !isAboveThreshold(m, c, settings.costThreshold)) continue;
    const cached = c.syncBytesIfCached !== c.syncBytes ? ` (${bytes(c.syncBytesIfCached)} when the result is cached)` : '';
    hints.push({
      position: m.signatureEnd,
      label: `sync ${bytes(c.syncBytes)} · ${suspendText(m, c)}`,
      paddingLeft: true,
      tooltip: {
        kind: MarkupKind.Markdown,
        value: `Heap bytes one call of \`${m.name}\` allocates on ${profileLabel(c.runtime, c)}: ${bytes(c.syncBytes)} when it completes synchronously${cached}`
          + (m.awaits.length ? `, ${bytes(c.suspendBytes)} when it suspends.` : '; it never suspends.'),
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
    const cost = c ? `${suspendText(m, c)} · sync ${bytes(c.syncBytes)}` : 'cost unknown';
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
