/**
 * The packages a restored project really compiles against, read from its `obj/project.assets.json` (NuGet's restore
 * output): for the project's target framework, each package's id, version and compile assemblies, as absolute paths
 * in the global packages folder. Pure: the host reads the file and the folders.
 */

export interface ProjectPackage {
  id: string;
  version: string;
  /** The package's assembly folder the compile assets are in (`lib/net8.0`, `ref/netstandard2.0`). */
  folder: string;
  /** Absolute paths of the compile assemblies. */
  assemblies: string[];
}

export interface AssetsReading {
  packages: ProjectPackage[];
  /** Why nothing (or not everything) could be read, for a note; null when all was read. */
  problem: string | null;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The compile-time packages of one target framework of a restored project. `targetFramework` is the moniker the
 * analysis uses (`net8.0`); the assets file keys its targets by the project's alias for it (`net8.0`) or, in older
 * files, by the framework's full name (`.NETCoreApp,Version=v8.0`); a runtime-specific target (`net8.0/linux-x64`)
 * is not needed for compiling and is skipped. Placeholder assets (`_._`) mean the package brings no assembly.
 */
export function packagesFromAssets(text: string, targetFramework: string): AssetsReading {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { packages: [], problem: `project.assets.json is not JSON: ${(e as Error).message}` };
  }
  if (!isObject(json) || !isObject(json.targets) || !isObject(json.libraries) || !isObject(json.packageFolders)) {
    return { packages: [], problem: 'project.assets.json lacks targets, libraries or packageFolders' };
  }
  const folders = Object.keys(json.packageFolders);
  if (!folders.length) return { packages: [], problem: 'project.assets.json names no package folder' };
  const root = folders[0]!.replace(/[\\/]+$/, '');
  const targetKey = chooseTarget(json, targetFramework);
  if (targetKey === null) return { packages: [], problem: `project.assets.json has no target for ${targetFramework} (it has ${Object.keys(json.targets).join(', ') || 'none'})` };
  const target = json.targets[targetKey];
  if (!isObject(target)) return { packages: [], problem: `project.assets.json's target ${targetKey} is not an object` };
  const packages: ProjectPackage[] = [];
  for (const [key, entry] of Object.entries(target)) {
    if (!isObject(entry) || entry.type !== 'package' || !isObject(entry.compile)) continue;
    const slash = key.indexOf('/');
    if (slash <= 0) continue;
    const library = json.libraries[key];
    const libraryPath = isObject(library) && typeof library.path === 'string' ? library.path : key.toLowerCase();
    const assets = Object.keys(entry.compile).filter((a) => a.toLowerCase().endsWith('.dll'));
    if (!assets.length) continue;
    const folder = assets[0]!.slice(0, assets[0]!.lastIndexOf('/'));
    packages.push({
      id: key.slice(0, slash),
      version: key.slice(slash + 1),
      folder,
      assemblies: assets.map((a) => `${root}/${libraryPath}/${a}`),
    });
  }
  packages.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { packages, problem: null };
}

function chooseTarget(json: Json, targetFramework: string): string | null {
  const keys = Object.keys(json.targets as Json).filter((k) => !k.includes('/'));
  const wanted = targetFramework.toLowerCase();
  const exact = keys.find((k) => k.toLowerCase() === wanted);
  if (exact) return exact;
  // An alias that names the framework differently: the project section says which framework each alias is.
  const project = isObject(json.project) && isObject(json.project.frameworks) ? json.project.frameworks : {};
  for (const [alias, settings] of Object.entries(project)) {
    const framework = isObject(settings) && typeof settings.framework === 'string' ? settings.framework.toLowerCase() : alias.toLowerCase();
    if (framework === wanted || alias.toLowerCase() === wanted) {
      const key = keys.find((k) => k.toLowerCase() === alias.toLowerCase());
      if (key) return key;
    }
  }
  // `.NETCoreApp,Version=v8.0` for net8.0.
  const m = /^net(\d+)\.(\d+)$/.exec(wanted);
  if (m) {
    const full = keys.find((k) => k.toLowerCase() === `.netcoreapp,version=v${m[1]}.${m[2]}`);
    if (full) return full;
  }
  return keys.length === 1 ? keys[0]! : null;
}
