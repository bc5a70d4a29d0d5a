/**
 * The EF Core providers a workspace configures, read from its `options.UseSqlServer(...)`-style calls
 * (knowledge/efCoreQueries.ts): what a context's queries and transactions run on is decided there, not where they
 * are used.
 */
import { EF_CORE_PROVIDER_CONFIGURATIONS, type EfCoreProvider } from '../knowledge/efCoreQueries';
import type { WorkspaceIndex } from '../workspace/index';

/** Per index, the version last asked about and the providers it configures: rules ask per call. */
const providerAnswers = new WeakMap<WorkspaceIndex, { version: number; providers: readonly EfCoreProvider[] }>();

/**
 * The providers whose configuration method the workspace calls on a receiver (`options.UseSqlite(...)`), tests
 * included, once each. Empty for a library that configures none: its users choose the provider.
 */
export function configuredEfCoreProviders(index: WorkspaceIndex): readonly EfCoreProvider[] {
  const known = providerAnswers.get(index);
  if (known && known.version === index.version) return known.providers;
  const providers = Object.entries(EF_CORE_PROVIDER_CONFIGURATIONS)
    .filter(([name]) => (index.callsByName.get(name) ?? []).some((c) => c.call.receiver !== null))
    .map(([, provider]) => provider);
  providerAnswers.set(index, { version: index.version, providers });
  return providers;
}

/** Whether the workspace configures EF Core, and only with providers of which `holds` is true. */
export function everyConfiguredProvider(index: WorkspaceIndex, holds: (provider: EfCoreProvider) => boolean): boolean {
  const providers = configuredEfCoreProviders(index);
  return providers.length > 0 && providers.every(holds);
}
