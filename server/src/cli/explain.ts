/** `asynclens explain ASY001`: prints a rule's documentation; without an id, lists the rules. */
import { RULES, ruleById } from '../rules/registry';
import { ruleDocsUrl } from '../rules/docsUrl';
import { EXIT_OK, UsageError, type CliIO } from './io';

export function runExplain(argv: string[], io: CliIO): number {
  const id = argv.find((a) => !a.startsWith('--'));
  if (!id) {
    io.out(listRules());
    return EXIT_OK;
  }
  const rule = ruleById(id);
  if (!rule) throw new UsageError(`unknown rule ${id}; known rules: ${RULES.map((r) => r.meta.id).join(', ')}`);
  const m = rule.meta;
  io.out([
    `# ${m.id} ${m.name}`,
    '',
    m.summary,
    '',
    `category: ${m.category} · default severity: ${m.defaultSeverity} · fix: ${m.fix}`,
    `peers: ${m.equivalents.length ? m.equivalents.join(', ') : 'none'}`,
    `docs: ${ruleDocsUrl(m.id)}`,
    '',
    m.docs.trim(),
    '',
  ].join('\n'));
  return EXIT_OK;
}

export function listRules(): string {
  const rows = RULES.map((r) => `${r.meta.id}  ${r.meta.name.padEnd(32)} ${r.meta.defaultSeverity.padEnd(12)} ${r.meta.summary}`);
  return `${rows.join('\n')}\n\nasynclens explain <ID> prints a rule's documentation.\n`;
}
