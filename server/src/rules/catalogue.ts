/** Views of the rule catalogue generated from the metadata: the README table (and, via lsp, the docs pages). */
import type { Rule } from './types';

export function rulesTableMarkdown(rules: readonly Rule[]): string {
  const rows = rules.map((r) => {
    const m = r.meta;
    return `| ${m.id} | ${m.name} | ${m.category} | ${m.defaultSeverity} | ${m.fix} | ${m.summary} | ${m.equivalents.length ? m.equivalents.join(', ') : 'none'} |`;
  });
  return ['| id | name | category | default | fix | what it catches | peers |', '|---|---|---|---|---|---|---|', ...rows, ''].join('\n');
}
