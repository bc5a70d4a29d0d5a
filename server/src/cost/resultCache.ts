/**
 * What an async Task<T> method's synchronous completion costs: nothing when its result is one the runtime keeps a
 * completed task for (knowledge/taskCache.ts), one Task<T> otherwise. A literal result gives an exact answer; a
 * computed one gives the uncached cost and says which values would be free.
 */
import type { MethodBody, ReturnSite, ReturnedLiteral } from '../model/types';
import { TASK_CACHE_RULES, type TaskCacheGeneration } from '../knowledge/taskCache';
import type { TypeShape } from './typeLayout';

export type ResultCaching = 'cached' | 'uncached' | 'depends';

export interface SyncResultCost {
  bytes: number;
  /** When some result may be cached: the bytes then (0). */
  bytesIfCached: number | null;
  /** Which results are free, for this result type. */
  cachedValues: string | null;
  explanation: string;
}

/** Expressions that are the all-zero value of their type. */
const DEFAULT_VALUE_EXPRESSIONS = /^(default(\s*\(.*\))?|Guid\.Empty|TimeSpan\.Zero|DateTime\.MinValue|DateTimeOffset\.MinValue|IntPtr\.Zero|UIntPtr\.Zero|nint\.Zero|decimal\.Zero|Decimal\.Zero|false|new\s+[A-Za-z_][\w.<>, ]*\(\s*\))$/;

/** The literal a named constant stands for (`Color.Red`, `Limits.Zero`), or null when the expression is not one. */
export type ConstantResolver = (expressionText: string) => ReturnedLiteral | null;

/**
 * The synchronous path's result cost from the returns that can complete it (`returns`, by default all of them).
 * `constantOf` gives the value of a return that names a constant instead of spelling a literal.
 */
export function syncResultCost(body: MethodBody, resultType: string, shape: TypeShape, taskBytes: number, generation: TaskCacheGeneration,
  constantOf: ConstantResolver = () => null, returns: readonly ReturnSite[] = body.returns): SyncResultCost {
  const cachedValues = cachedValuesOf(resultType, shape, generation);
  if (returns.length === 0) {
    return { bytes: 0, bytesIfCached: null, cachedValues, explanation: 'no return statement completes it (every path throws), so no Task<T> is made on success' };
  }
  const withConstants = returns.map((r) => (r.literal || !r.expressionText ? r : { ...r, literal: constantOf(r.expressionText.trim()) }));
  const verdicts = withConstants.map((r) => ({ site: r, caching: cachingOf(r, resultType, shape, generation) }));
  const describe = (r: ReturnSite) => {
    const text = (r.expressionText ?? '').trim();
    // A named constant is shown with its value: `Color.Red (0)`.
    return r.literal && r.literal.value !== text && r.literal.kind !== 'default' && r.literal.kind !== 'null' ? `${text} (${r.literal.value})` : text;
  };
  if (verdicts.every((v) => v.caching === 'cached')) {
    const values = [...new Set(verdicts.map((v) => describe(v.site)))].join(', ');
    return { bytes: 0, bytesIfCached: null, cachedValues, explanation: `it returns ${values}, whose completed Task<${resultType}> the runtime caches` };
  }
  if (verdicts.every((v) => v.caching === 'uncached')) {
    const values = [...new Set(verdicts.map((v) => describe(v.site)))].join(', ');
    return { bytes: taskBytes, bytesIfCached: null, cachedValues, explanation: `it returns ${values}, which no cached Task<${resultType}> holds: SetResult allocates a ${taskBytes} B Task<${resultType}>` };
  }
  const computed = verdicts.filter((v) => v.caching !== 'cached').map((v) => describe(v.site));
  return {
    bytes: taskBytes,
    bytesIfCached: 0,
    cachedValues,
    explanation: `${taskBytes} B for the Task<${resultType}> unless the value is cached (${cachedValues ?? 'none'}): ${computed.slice(0, 2).join(', ')} is computed at run time`,
  };
}

/** Whether one return's value is cached, from its literal or a recognisable default value. */
export function cachingOf(site: ReturnSite, resultType: string, shape: TypeShape, generation: TaskCacheGeneration): ResultCaching {
  if (resultType === 'bool') return 'cached';
  const text = (site.expressionText ?? '').trim();
  const literal = site.literal;
  const nullable = /\?$/.test(resultType) && shape.kind === 'struct';
  if (literal?.kind === 'null' || (literal?.kind === 'default' && (shape.kind === 'reference' || nullable))) return shape.kind === 'reference' || nullable ? 'cached' : 'uncached';
  if (shape.kind === 'reference') return literal !== null || /^(new\b|\$?@?"|\$@")/.test(text) ? 'uncached' : 'depends';
  if (literal?.kind === 'default' || DEFAULT_VALUE_EXPRESSIONS.test(text) || isZeroTuple(text)) return zeroCached(resultType, shape, generation) ? 'cached' : 'uncached';
  if (literal) {
    if (literal.kind === 'string') return 'uncached';
    if (literal.kind === 'bool') return literal.value === 'false' && zeroCached(resultType, shape, generation) ? 'cached' : 'uncached';
    const zero = isZeroLiteral(literal.kind, literal.value);
    if (nullable) return 'uncached';
    if (resultType === 'int' && (literal.kind === 'int' || literal.kind === 'char')) {
      const v = literal.kind === 'char' ? null : Number(literal.value);
      return v !== null && v >= -1 && v <= 8 ? 'cached' : 'uncached';
    }
    return zero && zeroCached(resultType, shape, generation) ? 'cached' : 'uncached';
  }
  return cachedValuesOf(resultType, shape, generation) ? 'depends' : 'uncached';
}

/** An all-zero value of this type is cached. */
function zeroCached(resultType: string, shape: TypeShape, generation: TaskCacheGeneration): boolean {
  for (const { rule } of TASK_CACHE_RULES[generation]) {
    if (rule.kind === 'everyBool' && resultType === 'bool') return true;
    if (rule.kind === 'int32Range' && resultType === 'int') return true;
    if (rule.kind === 'defaultOfPrimitives' && shape.kind === 'primitive' && rule.types.includes(resultType)) return true;
    if (rule.kind === 'zeroBitsOfUnmanagedSize' && !shape.holdsReferences && shape.kind !== 'reference' && rule.sizes.includes(shape.size)) return true;
  }
  return false;
}

/** The cached values of a result type, in words, or null when none is. */
export function cachedValuesOf(resultType: string, shape: TypeShape, generation: TaskCacheGeneration): string | null {
  if (resultType === 'bool') return 'true and false';
  if (shape.kind === 'reference') return 'null';
  const nullable = /\?$/.test(resultType);
  const parts: string[] = [];
  if (nullable) parts.push('null');
  if (resultType === 'int') parts.push('-1 through 8');
  else if (!nullable && zeroCached(resultType, shape, generation)) parts.push(shape.kind === 'struct' ? 'default (every field zero)' : shape.kind === 'enum' ? 'the member whose value is 0' : '0');
  return parts.length ? parts.join(', ') : null;
}

function isZeroLiteral(kind: string, value: string): boolean {
  if (kind === 'char') return /^'\\(0|u0000|x0+)'$/.test(value);
  if (kind === 'decimal') return /^-?0+$/.test(value);
  if (kind === 'double' || kind === 'float') return !value.startsWith('-') && /^0*\.?0*([eE][-+]?\d+)?$/.test(value) && /0/.test(value);
  return /^0+$/.test(value.replace(/^-/, '')) && !value.startsWith('-0x');
}

function isZeroTuple(text: string): boolean {
  const m = /^\((.*)\)$/s.exec(text);
  if (!m) return false;
  const parts = m[1].split(',').map((s) => s.trim());
  return parts.length >= 2 && parts.every((p) => /^(0|0L|0u|0UL|0m|0\.0|false|default|'\\0')$/i.test(p));
}
