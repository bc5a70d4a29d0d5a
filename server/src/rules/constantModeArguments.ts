/**
 * A call that passes an enum member as a mode (`GetUserAsync(id, CacheMode.CacheOnly)`) to an async method whose
 * every await sits in a branch that mode rules out (`if (mode == CacheMode.AllowDownload) return await Fetch(id);`),
 * or that returns for that mode before its first await (`if (mode == CacheMode.CacheOnly) return null;`): the method
 * runs to its end on the caller's thread and hands back a completed task, so a wait on that call blocks on nothing.
 * Only comparisons of the parameter with members of the argument's own enum are read; any other condition leaves the
 * await possible.
 */
import { splitTopLevelOperator } from '../model/syntax';
import type { EnclosingRegion, MethodBody } from '../model/types';
import type { MethodRef } from '../workspace/index';

/** `CacheMode.CacheOnly`, perhaps qualified (`Discord.CacheMode.CacheOnly`) or named (`mode: CacheMode.CacheOnly`). */
const ENUM_MEMBER_ARGUMENT = /^(?:([A-Za-z_]\w*)\s*:(?!:)\s*)?(?:[A-Za-z_]\w*\s*\.\s*)*([A-Za-z_]\w*)\s*\.\s*([A-Za-z_]\w*)$/;

export interface ModeArgument {
  /** The parameter's name when the argument is named, else null. */
  name: string | null;
  position: number;
  enumName: string;
  member: string;
}

/** The arguments of a call that are enum members written as `Enum.Member`. */
export function modeArgumentsOf(argumentTexts: readonly string[]): ModeArgument[] {
  const out: ModeArgument[] = [];
  argumentTexts.forEach((text, position) => {
    const m = ENUM_MEMBER_ARGUMENT.exec(text.trim());
    // A member of a lower-case receiver is a value's property (`options.Mode`), not an enum's member.
    if (m && /^[A-Z]/.test(m[2])) out.push({ name: m[1] ?? null, position, enumName: m[2], member: m[3] });
  });
  return out;
}

/**
 * What a condition says when `parameter` holds `enumName.member`: true, false, or null when it says something else
 * (`mode == CacheMode.AllowDownload`, `CacheMode.CacheOnly != mode`, `!(mode == ...)`).
 */
export function conditionGivenMode(condition: string, parameter: string, enumName: string, member: string): boolean | null {
  // `user is not null || mode == CacheMode.CacheOnly`: a disjunction holds when one part does, fails when all do;
  // a conjunction fails when one part does. Parts the mode says nothing of decide nothing.
  for (const [operator, decisive] of [['||', true], ['&&', false]] as const) {
    const parts = splitTopLevelOperator(condition, operator);
    if (parts.length < 2) continue;
    const values = parts.map((part) => conditionGivenMode(part, parameter, enumName, member));
    if (values.includes(decisive)) return decisive;
    return values.every((v) => v === !decisive) ? !decisive : null;
  }
  let text = condition.trim();
  let negated = false;
  for (;;) {
    const inner = /^!\s*\((.*)\)$/s.exec(text);
    if (inner) {
      text = inner[1].trim();
      negated = !negated;
      continue;
    }
    const parenthesised = /^\((.*)\)$/s.exec(text);
    if (parenthesised && !parenthesised[1].includes('(')) {
      text = parenthesised[1].trim();
      continue;
    }
    break;
  }
  const member_ = String.raw`(?:[A-Za-z_]\w*\s*\.\s*)*([A-Za-z_]\w*)\s*\.\s*([A-Za-z_]\w*)`;
  const left = new RegExp(String.raw`^([A-Za-z_]\w*)\s*(==|!=)\s*${member_}$`).exec(text);
  const right = left ? null : new RegExp(String.raw`^${member_}\s*(==|!=)\s*([A-Za-z_]\w*)$`).exec(text);
  const [variable, op, otherEnum, otherMember] = left ? [left[1], left[2], left[3], left[4]] : right ? [right[4], right[3], right[1], right[2]] : [];
  if (variable !== parameter || otherEnum !== enumName) return null;
  const equal = otherMember === member;
  const holds = op === '==' ? equal : !equal;
  return negated ? !holds : holds;
}

/** Whether a region is a branch the mode rules out: an if or ?: arm whose condition is false for it. */
function ruledOut(region: EnclosingRegion, parameter: string, mode: ModeArgument): boolean {
  return region.kind === 'conditional' && region.detail !== undefined && conditionGivenMode(region.detail, parameter, mode.enumName, mode.member) === false;
}

/**
 * Whether an async body, called with `mode` for one of its parameters, never reaches an await: each await sits in a
 * branch the mode rules out, or a return before any await runs for that mode alone (in no loop, and in no branch but
 * ones whose conditions the mode makes true).
 */
export function modeSkipsEveryAwait(body: MethodBody, mode: ModeArgument): boolean {
  if (!body.isAsync || body.isIterator) return false;
  const parameter = mode.name ?? body.parameters[mode.position]?.name;
  const declared = body.parameters.find((p) => p.name === parameter);
  if (!parameter || !declared || simpleTypeName(declared.typeText) !== mode.enumName) return false;
  const returnsFirst = body.returns.some((r) => r.beforeAnyAwait && r.regions.length > 0 && r.regions.every((region) =>
    region.kind === 'conditional' && region.detail !== undefined && conditionGivenMode(region.detail, parameter, mode.enumName, mode.member) === true));
  if (returnsFirst) return true;
  return body.awaits.length > 0 && body.awaits.every((a) => a.regions.some((region) => ruledOut(region, parameter, mode)));
}

/**
 * Whether a body implements the dispatched member the call binds to, as far as the mode goes: as many parameters as
 * one of the declared members, and the mode's enum where the argument stands. An overload of the name that takes no
 * mode (`GetUserAsync(id, options)` beside `GetUserAsync(id, mode, options)`) is another method.
 */
export function takesMode(body: MethodBody, mode: ModeArgument, declared: readonly MethodRef[]): boolean {
  const counts = new Set(declared.map((d) => d.member?.parameters?.length ?? d.body?.parameters.length ?? -1));
  if (!counts.has(body.parameters.length)) return false;
  const parameter = mode.name ? body.parameters.find((p) => p.name === mode.name) : body.parameters[mode.position];
  return !!parameter && simpleTypeName(parameter.typeText) === mode.enumName;
}

/** `Discord.CacheMode?` gives `CacheMode`. */
function simpleTypeName(typeText: string | null): string {
  return (typeText ?? '').replace(/\?$/, '').replace(/^.*\./, '');
}
