/**
 * The packages a user's project really references, read the way the built-in database was made: when a project has
 * been restored (`obj/project.assets.json`) and `dotnet` is on the PATH, each package's compile assemblies are read by
 * the signature tool (server/tools/signatures, `--package`) into a small database, cached per package id, version and
 * assembly folder outside the workspace, in the user's cache folder:
 *   Linux   $XDG_CACHE_HOME/asynclens/signatures (else ~/.cache/asynclens/signatures)
 *   macOS   ~/Library/Caches/AsyncLens/signatures
 *   Windows %LOCALAPPDATA%\AsyncLens\signatures
 * (ASYNCLENS_CACHE_DIR overrides the folder; ASYNCLENS_PROJECT_PACKAGES=off turns this off). A cached package is
 * read again from the cache, with or without dotnet. Packages the built-in database holds are left to it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { packagesFromAssets } from '../signatures/packageAssets';
import { SIGNATURE_FORMAT_VERSION } from '../signatures/database';

export interface ProjectForPackages {
  /** The project's folder (its obj/ is below it). */
  directory: string;
  /** The target framework analysed (`net8.0`). */
  targetFramework: string;
  /** The project's name (its file name without .csproj), for the artifacts layout. */
  name?: string;
}

/**
 * Where NuGet wrote the project's restore: `obj/` beside the project, or, with `<UseArtifactsOutput>`, the
 * artifacts folder above it (`artifacts/obj/<project name>/`, the .NET 8 SDK's layout). Null when neither exists.
 */
export function assetsFileOf(project: ProjectForPackages): string | null {
  const beside = path.join(project.directory, 'obj', 'project.assets.json');
  if (fs.existsSync(beside)) return beside;
  if (!project.name) return null;
  for (let dir = project.directory, i = 0; i < 8; i++) {
    const artifacts = path.join(dir, 'artifacts', 'obj', project.name, 'project.assets.json');
    if (fs.existsSync(artifacts)) return artifacts;
    const up = path.dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return null;
}

export interface PackageSignatureFile {
  packageId: string;
  version: string;
  file: string;
}

type Env = Record<string, string | undefined>;

/** AsyncLens's folder in the user's cache folder, by platform (ASYNCLENS_CACHE_DIR overrides it); see the module comment. */
export function cacheBaseDirectory(env: Env, platform: NodeJS.Platform = process.platform, home: string = os.homedir()): string {
  return env.ASYNCLENS_CACHE_DIR
    ? env.ASYNCLENS_CACHE_DIR
    : platform === 'win32' ? path.join(env.LOCALAPPDATA || path.join(home, 'AppData', 'Local'), 'AsyncLens')
      : platform === 'darwin' ? path.join(home, 'Library', 'Caches', 'AsyncLens')
        : path.join(env.XDG_CACHE_HOME || path.join(home, '.cache'), 'asynclens');
}

/** Where package databases are cached, by platform; see the module comment. */
export function packageCacheDirectory(env: Env, platform: NodeJS.Platform = process.platform, home: string = os.homedir()): string {
  // The format version is part of the path: a new format never reads an old cache.
  return path.join(cacheBaseDirectory(env, platform, home), 'signatures', `v${SIGNATURE_FORMAT_VERSION}`);
}

/** The built signature tool: beside the bundle (dist/signatures-tool) or, in a checkout, its Release build. */
export function locateSignatureTool(): string | null {
  const candidates = [
    path.join(__dirname, 'signatures-tool'),
    path.join(__dirname, '..', 'signatures-tool'),
    path.join(__dirname, '..', '..', 'dist', 'signatures-tool'),
    path.join(__dirname, '..', 'server', 'tools', 'signatures', 'bin', 'Release', 'net10.0'),
    path.join(__dirname, '..', '..', 'server', 'tools', 'signatures', 'bin', 'Release', 'net10.0'),
    path.join(__dirname, '..', '..', '..', 'server', 'tools', 'signatures', 'bin', 'Release', 'net10.0'),
  ];
  for (const dir of candidates) {
    const dll = path.join(dir, 'asynclens-signatures.dll');
    if (fs.existsSync(dll)) return dll;
  }
  return null;
}

let dotnetChecked: boolean | null = null;

function dotnetOnPath(): boolean {
  if (dotnetChecked === null) {
    const probe = spawnSync('dotnet', ['--version'], { encoding: 'utf8', timeout: 20_000 });
    dotnetChecked = !probe.error && probe.status === 0;
  }
  return dotnetChecked;
}

/**
 * The package databases for these projects' restored packages: from the cache, or read now (when dotnet and the
 * tool are there) and cached. `isBuiltIn` says which package ids the built-in database already holds. Problems
 * (no dotnet, a package the tool could not read) go to `onMessage` once each and cost only that package.
 */
export function projectPackageSignatures(projects: readonly ProjectForPackages[], options: { env: Env; isBuiltIn: (packageId: string) => boolean; onMessage: (message: string) => void }): PackageSignatureFile[] {
  if (options.env.ASYNCLENS_PROJECT_PACKAGES === 'off') return [];
  const cache = packageCacheDirectory(options.env);
  const files = new Map<string, PackageSignatureFile>();
  const said = new Set<string>();
  const say = (message: string) => {
    if (said.has(message)) return;
    said.add(message);
    options.onMessage(message);
  };
  let tool: string | null | undefined;
  for (const project of projects) {
    const assetsFile = assetsFileOf(project);
    if (!assetsFile) continue;
    let text: string;
    try {
      text = fs.readFileSync(assetsFile, 'utf8');
    } catch {
      continue;
    }
    const reading = packagesFromAssets(text, project.targetFramework);
    if (reading.problem) say(`${assetsFile}: ${reading.problem}; its packages are not read`);
    for (const pkg of reading.packages) {
      if (options.isBuiltIn(pkg.id)) continue;
      const file = path.join(cache, pkg.id.toLowerCase(), pkg.version.toLowerCase(), `${pkg.folder.replace(/[\\/]/g, '_')}.txt`);
      if (files.has(file)) continue;
      if (!fs.existsSync(file)) {
        if (tool === undefined) tool = dotnetOnPath() ? locateSignatureTool() : null;
        if (tool === null) {
          say(dotnetOnPath()
            ? 'the signature tool is not built (dotnet build -c Release server/tools/signatures), so the project\'s packages that are not cached are not read'
            : 'dotnet is not on the PATH, so the project\'s packages that are not cached are not read; the built-in API signatures serve');
          continue;
        }
        const missing = pkg.assemblies.find((a) => !fs.existsSync(a));
        if (missing) {
          say(`${pkg.id} ${pkg.version}: ${missing} is missing (restore the project again); the package is not read`);
          continue;
        }
        const run = spawnSync('dotnet', [tool, '--package', pkg.id, pkg.version, pkg.folder, '--assemblies', pkg.assemblies.join(path.delimiter), '--out', file], { encoding: 'utf8', timeout: 120_000 });
        if (run.error || run.status !== 0 || !fs.existsSync(file)) {
          say(`${pkg.id} ${pkg.version}: the signature tool could not read it (${(run.stderr || run.error?.message || `exit ${run.status}`).trim()})`);
          continue;
        }
      }
      files.set(file, { packageId: pkg.id, version: pkg.version, file });
    }
  }
  return [...files.values()];
}
