/**
 * The package references a project sees, and what they say about the version of a package it does not reference
 * itself (knowledge/packageFamilies.ts). Pure: the projects come evaluated (evaluate.ts).
 */
import { PACKAGE_FAMILIES } from '../knowledge/packageFamilies';
import type { PackageReference, ProjectModel } from './evaluate';

/** A package reference as the analysis keeps it: the id and the version written for it (null when none is known). */
export interface SeenPackage {
  id: string;
  version: string | null;
}

/**
 * The project's own package references and those flowing from the projects it references (`referenced`, directly or
 * through others, each read for the target restore picks: ProjectHost.packagesSeenBy): package references flow to
 * referencing projects unless kept private (PrivateAssets all;
 * learn.microsoft.com/nuget/consume-packages/package-references-in-project-files, "Controlling dependency assets").
 * Sorted by id, so that two projects seeing the same packages give equal lists.
 */
export function packagesSeen(project: ProjectModel, referenced: readonly ProjectModel[]): readonly SeenPackage[] {
  const seen: SeenPackage[] = [];
  const add = (refs: readonly PackageReference[], flowingOnly: boolean) => {
    for (const r of refs) if (!flowingOnly || !r.privateAssets) seen.push({ id: r.id, version: r.version });
  };
  add(project.packageReferences, false);
  for (const other of referenced) add(other.packageReferences, true);
  seen.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return seen;
}

/**
 * The major version of `packageId` the packages seen bring: the highest major among its family's members that have
 * a readable version (knowledge/packageFamilies.ts), or the package's own reference. Null when nothing seen says.
 */
export function knownPackageMajor(seen: readonly SeenPackage[], packageId: string): number | null {
  const wanted = packageId.toLowerCase();
  const family = PACKAGE_FAMILIES.find((f) => f.package.toLowerCase() === wanted);
  const members = new Set([wanted, ...(family?.members ?? []).map((m) => m.toLowerCase())]);
  let major: number | null = null;
  for (const p of seen) {
    if (!members.has(p.id.toLowerCase())) continue;
    const m = majorOf(p.version);
    if (m !== null && (major === null || m > major)) major = m;
  }
  return major;
}

/**
 * The major version a NuGet version or range asks for: `2.1.1`, `[2.1.1, 3.0)`, `[2.1.1]` and `2.*` give 2 (restore
 * takes a range's lowest version). Null for a range with no lower bound, a version from an MSBuild property that
 * was not resolved, or none.
 */
export function majorOf(version: string | null): number | null {
  if (version === null) return null;
  const m = /^\s*[[(]?\s*(\d+)(?:[.*\s,\])]|$)/.exec(version);
  return m ? Number(m[1]) : null;
}
