/**
 * Interfaces of packages the API signature database does not cover, with the methods they declare. A class that
 * lists one of them implements those methods: their names and signatures are the package's, so a rule must not ask
 * for a rename (ASY028) or a new return type. Without a row, such a method looks like the class's own (the known
 * limitation of the rules that read rules/callbackSlots.ts `implementsInterfaceMember`).
 */

export interface PackageInterfaceMethod {
  name: string;
  /** The numbers of parameters the interface's declarations of this name take. */
  parameterCounts: readonly number[];
}

export interface PackageInterface {
  /** The namespace that declares the interface: a file imports it for the simple name to be this interface. */
  namespace: string;
  /** The simple name, as a base list writes it (without type arguments). */
  name: string;
  library: string;
  methods: readonly PackageInterfaceMethod[];
  source: string;
}

export const PACKAGE_INTERFACES: readonly PackageInterface[] = [
  {
    // Quartz.NET calls a job through `IJob.Execute(IJobExecutionContext context)`: Task in 3.x, ValueTask in 4.x.
    // Its scheduler creates the job from the type it was given and calls Execute; nothing in the application does.
    namespace: 'Quartz',
    name: 'IJob',
    library: 'Quartz.NET',
    methods: [{ name: 'Execute', parameterCounts: [1] }],
    source: 'https://www.quartz-scheduler.net/documentation/quartz-3.x/tutorial/jobs-and-triggers.html',
  },
  {
    // MSBuild runs a task through `bool ITask.Execute()`, synchronously, on its own node's thread; ICancelableTask adds
    // Cancel. A task that does not derive from Microsoft.Build.Utilities.Task implements the interface itself, and its
    // Execute is the engine's synchronous contract as an override of Task.Execute is.
    namespace: 'Microsoft.Build.Framework',
    name: 'ITask',
    library: 'MSBuild (Microsoft.Build.Framework)',
    methods: [{ name: 'Execute', parameterCounts: [0] }],
    source: 'https://learn.microsoft.com/dotnet/api/microsoft.build.framework.itask.execute',
  },
  {
    namespace: 'Microsoft.Build.Framework',
    name: 'ICancelableTask',
    library: 'MSBuild (Microsoft.Build.Framework)',
    methods: [{ name: 'Execute', parameterCounts: [0] }, { name: 'Cancel', parameterCounts: [0] }],
    source: 'https://learn.microsoft.com/dotnet/api/microsoft.build.framework.icancelabletask',
  },
];

const BY_NAME = new Map<string, PackageInterface[]>();
for (const row of PACKAGE_INTERFACES) BY_NAME.set(row.name, [...(BY_NAME.get(row.name) ?? []), row]);

/** The rows for an interface's simple name (several packages may use one name), or none. */
export function packageInterfacesNamed(simpleName: string): readonly PackageInterface[] {
  return BY_NAME.get(simpleName) ?? [];
}

/** Whether the row's interface declares a method of this name taking this many parameters. */
export function packageInterfaceDeclares(row: PackageInterface, methodName: string, parameterCount: number): boolean {
  return row.methods.some((m) => m.name === methodName && m.parameterCounts.includes(parameterCount));
}
