/** Every rule AsyncLens has, sorted by id. Adding a rule means adding its file and one line here. */
import type { Rule } from './types';
import { rule as asy001 } from './asy001-blocking-wait-in-async';
import { rule as asy002 } from './asy002-sync-api-in-async';
import { rule as asy003 } from './asy003-sync-over-async';
import { rule as asy004 } from './asy004-blocking-lock-in-async';
import { rule as asy010 } from './asy010-likely-synchronous-completion';
import { rule as asy011 } from './asy011-async-without-await';
import { rule as asy012 } from './asy012-valuetask-candidate';
import { rule as asy013 } from './asy013-unnecessary-async';
import { rule as asy020 } from './asy020-async-void';
import { rule as asy021 } from './asy021-async-lambda-to-void';
import { rule as asy022 } from './asy022-unobserved-task';
import { rule as asy023 } from './asy023-null-task-return';
import { rule as asy024 } from './asy024-valuetask-misuse';
import { rule as asy025 } from './asy025-cancellation-not-forwarded';
import { rule as asy026 } from './asy026-task-escapes-using';
import { rule as asy027 } from './asy027-configureawait-policy';
import { rule as asy028 } from './asy028-async-suffix';
import { rule as asy029 } from './asy029-single-task-whenall';
import { rule as asy030 } from './asy030-taskrun-wrapper';
import { rule as asy031 } from './asy031-httpclient-per-call';

export const RULES: readonly Rule[] = [
  asy001,
  asy002,
  asy003,
  asy004,
  asy010,
  asy011,
  asy012,
  asy013,
  asy020,
  asy021,
  asy022,
  asy023,
  asy024,
  asy025,
  asy026,
  asy027,
  asy028,
  asy029,
  asy030,
  asy031,
].sort((a: Rule, b: Rule) => a.meta.id.localeCompare(b.meta.id));

export function ruleById(id: string): Rule | undefined {
  return RULES.find((r) => r.meta.id === id.toUpperCase() || r.meta.name === id);
}
