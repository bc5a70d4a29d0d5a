/**
 * Base classes whose code runs on a per-instance scheduler that gives it single-threaded turns: every continuation
 * of an await must come back to that scheduler, so `ConfigureAwait(false)` there moves the rest of the method off it
 * and breaks the type's guarantee (two turns may then run at once).
 */

export interface ActivationSchedulerBase {
  /** The simple name of the base class, as a base list writes it (without type arguments). */
  name: string;
  framework: string;
  source: string;
}

// Orleans: "ConfigureAwait(false) ... Do not use in grain code": grain and system-target turns run on the
// activation's TaskScheduler (learn.microsoft.com, Orleans, External tasks and grains).
const ORLEANS_SCHEDULER = 'https://learn.microsoft.com/dotnet/orleans/grains/external-tasks-and-grains';

export const ACTIVATION_SCHEDULER_BASES: readonly ActivationSchedulerBase[] = [
  { name: 'Grain', framework: 'Orleans', source: ORLEANS_SCHEDULER },
  { name: 'JournaledGrain', framework: 'Orleans', source: ORLEANS_SCHEDULER },
  { name: 'LogConsistentGrain', framework: 'Orleans', source: ORLEANS_SCHEDULER },
  { name: 'SystemTarget', framework: 'Orleans', source: ORLEANS_SCHEDULER },
  { name: 'GrainService', framework: 'Orleans', source: ORLEANS_SCHEDULER },
];

const BY_NAME = new Map(ACTIVATION_SCHEDULER_BASES.map((r) => [r.name, r]));

/** The row for a base class's simple name, or null. */
export function activationSchedulerBase(simpleName: string): ActivationSchedulerBase | null {
  return BY_NAME.get(simpleName) ?? null;
}
