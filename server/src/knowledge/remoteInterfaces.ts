/**
 * Interfaces whose calls go to a remote object through a proxy the framework generates: a call on a reference typed
 * by an interface that derives from one of these sends a message and returns a task that completes when the answer
 * arrives, whatever the implementing class in the workspace does. That class's `Task.FromResult` says nothing about
 * the caller's await, which may suspend.
 */

export interface RemoteInterfaceBase {
  /** The simple name of the marker interface, as a base list writes it. */
  name: string;
  framework: string;
  source: string;
}

const ORLEANS_GRAINS = 'https://learn.microsoft.com/dotnet/orleans/grains/';

export const REMOTE_INTERFACE_BASES: readonly RemoteInterfaceBase[] = [
  // Orleans: every grain, grain observer, system target, grain service and grain extension interface derives from
  // IAddressable; code refers to grains by interface (`GrainFactory.GetGrain<IMyGrain>(id)`) and each call is a message
  // to the activation, possibly on another silo (Orleans' src/Orleans.Core.Abstractions/Core/IGrain.cs).
  { name: 'IAddressable', framework: 'Orleans', source: ORLEANS_GRAINS },
  { name: 'IGrain', framework: 'Orleans', source: ORLEANS_GRAINS },
  { name: 'IGrainWithGuidKey', framework: 'Orleans', source: ORLEANS_GRAINS },
  { name: 'IGrainWithIntegerKey', framework: 'Orleans', source: ORLEANS_GRAINS },
  { name: 'IGrainWithStringKey', framework: 'Orleans', source: ORLEANS_GRAINS },
  { name: 'IGrainWithGuidCompoundKey', framework: 'Orleans', source: ORLEANS_GRAINS },
  { name: 'IGrainWithIntegerCompoundKey', framework: 'Orleans', source: ORLEANS_GRAINS },
  { name: 'IGrainObserver', framework: 'Orleans', source: 'https://learn.microsoft.com/dotnet/orleans/grains/observers' },
  { name: 'ISystemTarget', framework: 'Orleans', source: ORLEANS_GRAINS },
  { name: 'IGrainService', framework: 'Orleans', source: 'https://learn.microsoft.com/dotnet/orleans/grains/grainservices' },
  { name: 'IGrainExtension', framework: 'Orleans', source: ORLEANS_GRAINS },
];

const BY_NAME = new Map(REMOTE_INTERFACE_BASES.map((r) => [r.name, r]));

/** The row for a marker interface's simple name, or null. */
export function remoteInterfaceBase(simpleName: string): RemoteInterfaceBase | null {
  return BY_NAME.get(simpleName) ?? null;
}
