/** Every rule AsyncLens has, sorted by id. Adding a rule means adding its file and one line here. */
import type { Rule } from './types';

export const RULES: readonly Rule[] = [
].sort((a: Rule, b: Rule) => a.meta.id.localeCompare(b.meta.id));

export function ruleById(id: string): Rule | undefined {
  return RULES.find((r) => r.meta.id === id.toUpperCase() || r.meta.name === id);
}
