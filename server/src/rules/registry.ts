/** Every rule AsyncLens has, sorted by id. Adding a rule means adding its file and one line here. */
import type { Rule } from './types';
import { rule as asy001 } from './asy001-blocking-wait-in-async';
import { rule as asy002 } from './asy002-sync-api-in-async';
import { rule as asy003 } from './asy003-sync-over-async';
import { rule as asy004 } from './asy004-blocking-lock-in-async';

export const RULES: readonly Rule[] = [
  asy001,
  asy002,
  asy003,
  asy004,
].sort((a: Rule, b: Rule) => a.meta.id.localeCompare(b.meta.id));

export function ruleById(id: string): Rule | undefined {
  return RULES.find((r) => r.meta.id === id.toUpperCase() || r.meta.name === id);
}
