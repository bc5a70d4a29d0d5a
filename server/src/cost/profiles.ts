/** The runtime profiles the cost model knows, and what differs between them. */
import type { TaskCacheGeneration } from '../knowledge/taskCache';

export type RuntimeProfile = 'net6' | 'net7' | 'net8' | 'net9' | 'net10' | 'net11-runtime-async';
export type BuildConfiguration = 'release' | 'debug';

export const RUNTIME_PROFILES: readonly RuntimeProfile[] = ['net6', 'net7', 'net8', 'net9', 'net10', 'net11-runtime-async'];

export interface EstimateOptions {
  runtime: RuntimeProfile;
  /** Release (the default) gives struct state machines; Debug gives a class state machine allocated on every call. */
  build?: BuildConfiguration;
  /**
   * For generic code: one instantiation, the type argument of each type parameter in scope (`{ T: 'int' }`). Without
   * it a type parameter is sized as an 8-byte reference and the cost says so.
   */
  typeArguments?: Readonly<Record<string, string>>;
}

export interface RuntimeTraits {
  profile: RuntimeProfile;
  /** The state machine box holds its own Action and ExecutionContext (.NET 6 and 7). */
  boxHasOwnActionAndContext: boolean;
  taskCache: TaskCacheGeneration;
  /** Task-returning methods are compiled by the runtime (no compiler state machine). */
  runtimeAsync: boolean;
  /** The calibration corpus measured this runtime, so its numbers are exact rather than derived. */
  calibrated: boolean;
}

export function traitsOf(profile: RuntimeProfile): RuntimeTraits {
  const old = profile === 'net6' || profile === 'net7';
  return {
    profile,
    boxHasOwnActionAndContext: old,
    taskCache: old ? 'net6' : 'net8',
    runtimeAsync: profile === 'net11-runtime-async',
    calibrated: profile === 'net8' || profile === 'net9' || profile === 'net10',
  };
}

export function isRuntimeProfile(value: string): value is RuntimeProfile {
  return (RUNTIME_PROFILES as readonly string[]).includes(value);
}
