/**
 * What the AsyncLens status bar item says for a server status: pure text, so tests can read it without VS Code.
 */
import type { ServerStatus } from './protocol';

export interface StatusPresentation {
  /** The item's text, with codicons written as `$(name)`. */
  text: string;
  /** Markdown for the hover tooltip. */
  tooltip: string;
  /** Whether the item should use the error background. */
  error: boolean;
}

/** A runtime profile id as a person reads it: `net10` -> `.NET 10`, `net11-runtime-async` -> `.NET 11 runtime async`. */
export function runtimeLabel(runtime: string): string {
  // "auto": each file's project's target framework picks the profile; the report says which ones it used.
  const auto = /^auto(?: \((.*)\))?$/.exec(runtime);
  if (auto) return auto[1] ? `auto (${auto[1].split(', ').map(runtimeLabel).join(', ')})` : 'auto (each project\'s target)';
  const m = /^net(\d+)(-runtime-async)?$/.exec(runtime);
  if (!m) return runtime || 'unknown runtime';
  return `.NET ${m[1]}${m[2] ? ' runtime async' : ''}`;
}

function count(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** Markdown special characters in server-provided text would otherwise change the tooltip's layout. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, (c) => `\\${c}`);
}

export function presentStatus(status: ServerStatus): StatusPresentation {
  const runtime = runtimeLabel(status.runtime);
  const lines = [`**AsyncLens** · runtime profile ${runtime}`, ''];
  let text: string;
  switch (status.state) {
    case 'starting':
      text = '$(loading~spin) AsyncLens';
      lines.push('Starting the language server…');
      break;
    case 'indexing':
      text = `$(loading~spin) AsyncLens: indexing ${count(status.files, 'file', 'files')}`;
      lines.push(`Indexing the workspace: ${count(status.files, 'C# file', 'C# files')} so far.`);
      break;
    case 'ready':
      text = `$(${status.findings > 0 ? 'warning' : 'check'}) AsyncLens: ${count(status.findings, 'finding', 'findings')} · ${runtime}`;
      // The server counts findings in the open documents and files in the workspace index.
      // What each place counts: the Problems panel lists errors, warnings and infos; hints show as dots in the code.
      lines.push(`${count(status.findings, 'finding', 'findings')} in the open files${status.hints ? `: ${count(status.findings - status.hints, 'in the Problems panel', 'in the Problems panel')}, ${count(status.hints, 'hint', 'hints')} (dots under the code, not listed there)` : ''}; ${count(status.files, 'C# file', 'C# files')} indexed.`);
      break;
    case 'error':
    default:
      text = '$(error) AsyncLens';
      lines.push(`The server reported an error${status.message ? `: ${escapeMarkdown(status.message)}` : '.'}`);
      lines.push('', 'Run **AsyncLens: Show Output** for details.');
      break;
  }
  if (status.state !== 'error' && status.message) lines.push('', escapeMarkdown(status.message));
  lines.push('', 'Click to choose the runtime profile.');
  return { text, tooltip: lines.join('\n'), error: status.state === 'error' };
}
