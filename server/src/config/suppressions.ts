/**
 * The C# ways of silencing a diagnostic, honoured for AsyncLens ids: `// asynclens-disable-next-line ASY001`,
 * `// asynclens-disable-line ASY001`, `#pragma warning disable/restore ASY001` and
 * `[SuppressMessage("AsyncLens", "ASY001...")]` on a method.
 */
import type { FileModel } from '../model/types';
import { lineIndexOf, positionAt } from '../parse/lines';

export interface Suppressions {
  /** Whether a finding of `ruleId` starting at `offset` is silenced, and by what. */
  suppressedBy(ruleId: string, offset: number): string | null;
}

const ID_LIST = /((?:ASY\d{3}|all)(?:\s*,\s*(?:ASY\d{3}|all))*)/i;

function ids(text: string): string[] {
  return text.split(',').map((s) => s.trim().toUpperCase()).filter(Boolean);
}

export function suppressionsOf(text: string, model: FileModel): Suppressions {
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
  // #pragma ranges: a disable opens a range for each id until a restore of it (or the end of the file).
  const ranges: { id: string; start: number; end: number }[] = [];
  const open = new Map<string, number>();
  const pragma = /^[ \t]*#pragma\s+warning\s+(disable|restore)\s+([^\r\n/]*)/gim;
  for (const m of text.matchAll(pragma)) {
    for (const id of ids(m[2]).filter((x) => /^ASY\d{3}$/.test(x))) {
      if (m[1].toLowerCase() === 'disable') {
        if (!open.has(id)) open.set(id, m.index ?? 0);
      } else if (open.has(id)) {
        ranges.push({ id, start: open.get(id)!, end: m.index ?? 0 });
        open.delete(id);
      }
    }
  }
  for (const [id, start] of open) ranges.push({ id, start, end: text.length });
  const attributed: { ids: string[]; start: number; end: number }[] = [];
  for (const body of model.bodies) {
    for (const attr of body.attributes) {
      const m = /SuppressMessage\s*\(\s*"AsyncLens"\s*,\s*"(ASY\d{3})/i.exec(attr);
      if (m) attributed.push({ ids: [m[1].toUpperCase()], start: body.span.start, end: body.span.end });
    }
  }
  return {
    suppressedBy(ruleId: string, offset: number): string | null {
      const line = positionAt(lines, offset).line;
      for (const e of byLine.get(line) ?? []) if (e.ids.includes(ruleId) || e.ids.includes('ALL')) return e.how;
      for (const r of ranges) if (r.id === ruleId && r.start <= offset && offset < r.end) return '#pragma warning disable';
      for (const a of attributed) if (a.ids.includes(ruleId) && a.start <= offset && offset < a.end) return '[SuppressMessage]';
      return null;
    },
  };
}
