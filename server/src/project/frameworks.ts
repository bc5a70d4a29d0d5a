/**
 * Target framework monikers (net8.0, netstandard2.0, net472, net8.0-windows) as the .NET SDK and NuGet read
 * them: parsing, ordering, MSBuild's IsTargetFrameworkCompatible, the choice among several targets, and the
 * preprocessing symbols the compiler sees for one target. Pure functions over strings.
 *
 * Sources: the TFM table and the preprocessor symbol list of
 * https://learn.microsoft.com/dotnet/standard/frameworks#preprocessor-symbols, and the SDK's targets that
 * generate them (dotnet/sdk src/Tasks/Microsoft.NET.Build.Tasks/targets/Microsoft.NET.Sdk.BeforeCommon.targets,
 * targets GenerateTargetFrameworkDefineConstants and GenerateNETCompatibleDefineConstants, fed by
 * Microsoft.NET.SupportedTargetFrameworks.props).
 */

export type FrameworkIdentifier = '.NETCoreApp' | '.NETStandard' | '.NETFramework';

export interface TargetFramework {
  /** As written, trimmed: `net8.0-windows`. */
  moniker: string;
  identifier: FrameworkIdentifier;
  /** [major, minor, patch]: net8.0 -> [8, 0, 0], net472 -> [4, 7, 2]. */
  version: [number, number, number];
  /** `windows`, `android`... for net5.0+ platform TFMs, else null. */
  platform: string | null;
  /** The platform version when the TFM names one (`net8.0-windows10.0.19041.0`), else null. */
  platformVersion: string | null;
}

/** Parses a TFM; null for monikers the SDK-style world does not use any more (uap, xamarin, portable...). */
export function parseTargetFramework(text: string): TargetFramework | null {
  const moniker = text.trim();
  const lower = moniker.toLowerCase();
  let m = /^net(\d+)\.(\d+)(?:-([a-z]+)([\d.]*))?$/.exec(lower);
  if (m && Number(m[1]) >= 5) {
    return { moniker, identifier: '.NETCoreApp', version: [Number(m[1]), Number(m[2]), 0], platform: m[3] ?? null, platformVersion: m[4] ? m[4] : null };
  }
  m = /^netcoreapp(\d+)\.(\d+)$/.exec(lower);
  if (m) return { moniker, identifier: '.NETCoreApp', version: [Number(m[1]), Number(m[2]), 0], platform: null, platformVersion: null };
  m = /^netstandard(\d+)\.(\d+)$/.exec(lower);
  if (m) return { moniker, identifier: '.NETStandard', version: [Number(m[1]), Number(m[2]), 0], platform: null, platformVersion: null };
  // NuGet reads a version without dots digit by digit, and a `net` version of 5 or more as .NET (5+): `net8` is net8.0
  // (NuGet.Frameworks NuGetFramework.Parse; `dotnet msbuild -getProperty:TargetFrameworkIdentifier` of a project that
  // targets net8 gives .NETCoreApp, TargetFrameworkVersion v8.0). Only one digit reads so: `net10` is .NET Framework 1.0.
  m = /^net([5-9])$/.exec(lower);
  if (m) return { moniker, identifier: '.NETCoreApp', version: [Number(m[1]), 0, 0], platform: null, platformVersion: null };
  // .NET Framework TFMs are digits without dots: net20, net35, net45, net452, net472, net48, net481.
  m = /^net(\d)(\d)(\d)?$/.exec(lower);
  if (m) return { moniker, identifier: '.NETFramework', version: [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)], platform: null, platformVersion: null };
  // NuGet also reads the version dotted (`net4.7.2` is net472: NuGet.Frameworks DefaultFrameworkNameProvider.TryGetVersion
  // parses a version with dots as written), and the SDK then targets .NET Framework 4.7.2 as for net472.
  m = /^net(\d)\.(\d)(?:\.(\d))?$/.exec(lower);
  if (m) return { moniker, identifier: '.NETFramework', version: [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)], platform: null, platformVersion: null };
  return null;
}

/**
 * Whether an assembly built for the target can be started as a program. A .NET Standard target cannot: it is an API
 * contract, not a runtime, and the SDK writes no runtimeconfig.json and no apphost for it, so `dotnet run` refuses the
 * project and no host starts the assembly ("netstandard2.0 is not a runnable tfm", dotnet/sdk#428; "netstandard does
 * not produce runtimeconfig.json during build, because it is not meant to run", microsoft/testfx#3984). An unknown or
 * unreadable target is taken as runnable, which is what a project that asks for an Exe usually has.
 */
export function isRunnableTarget(targetFramework: string | null): boolean {
  if (!targetFramework) return true;
  return parseTargetFramework(targetFramework)?.identifier !== '.NETStandard';
}

/** The TargetFrameworkVersion MSBuild derives: `v8.0`, `v4.7.2`, `v2.0`. */
export function frameworkVersionText(tf: TargetFramework): string {
  const [a, b, c] = tf.version;
  return tf.identifier === '.NETFramework' && c ? `v${a}.${b}.${c}` : `v${a}.${b}`;
}

function compareVersions(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d) return d;
  }
  return 0;
}

/** Parses `8.0`, `v4.7.2`, `10` into numbers; null when it is not a version. */
export function parseVersion(text: string): number[] | null {
  const m = /^\s*v?(\d+(?:\.\d+){0,3})\s*$/i.exec(text);
  return m ? m[1].split('.').map(Number) : null;
}

export function versionCompare(a: string, b: string): number | null {
  const va = parseVersion(a);
  const vb = parseVersion(b);
  return va && vb ? compareVersions(va, vb) : null;
}

/** The highest .NET Standard version each framework implements (NuGet's compatibility table). */
function netStandardSupported(tf: TargetFramework): number[] | null {
  const v = tf.version;
  if (tf.identifier === '.NETStandard') return v;
  if (tf.identifier === '.NETCoreApp') return compareVersions(v, [3, 0]) >= 0 ? [2, 1] : compareVersions(v, [2, 0]) >= 0 ? [2, 0] : [1, 6];
  // .NET Framework: 4.6.1 and later take .NET Standard 2.0 libraries; older ones the 1.x versions.
  if (compareVersions(v, [4, 6, 1]) >= 0) return [2, 0];
  if (compareVersions(v, [4, 6]) >= 0) return [1, 3];
  if (compareVersions(v, [4, 5, 1]) >= 0) return [1, 2];
  if (compareVersions(v, [4, 5]) >= 0) return [1, 1];
  return null;
}

/**
 * MSBuild's `IsTargetFrameworkCompatible(target, candidate)`: whether a project targeting `target` can use
 * something built for `candidate` (net9.0 can use net8.0 and netstandard2.1; net8.0 cannot use
 * net8.0-windows). Null when either moniker is not one this module understands.
 */
export function isTargetFrameworkCompatible(target: string, candidate: string): boolean | null {
  const t = parseTargetFramework(target);
  const c = parseTargetFramework(candidate);
  if (!t || !c) return null;
  if (c.platform && c.platform !== t.platform) return false;
  if (c.identifier === t.identifier) return compareVersions(t.version, c.version) >= 0;
  if (c.identifier === '.NETStandard') {
    const supported = netStandardSupported(t);
    return supported !== null && compareVersions(supported, c.version) >= 0;
  }
  return false;
}

/**
 * The target of a referenced project that restore builds against `target` (NuGet's nearest framework, simplified):
 * the highest compatible one of the same framework, else the highest compatible .NET Standard; null when none is.
 */
export function nearestCompatibleTarget(target: string, candidates: readonly string[]): string | null {
  const t = parseTargetFramework(target);
  if (!t) return null;
  let best: { name: string; tf: TargetFramework } | null = null;
  for (const name of candidates) {
    const tf = parseTargetFramework(name);
    if (!tf || isTargetFrameworkCompatible(target, name) !== true) continue;
    const rank = (x: TargetFramework) => (x.identifier === t.identifier ? 1 : 0);
    if (!best || rank(tf) > rank(best.tf) || (rank(tf) === rank(best.tf) && compareVersions(tf.version, best.tf.version) > 0)) best = { name, tf };
  }
  return best?.name ?? null;
}

const IDENTIFIER_RANK: Record<FrameworkIdentifier, number> = { '.NETCoreApp': 3, '.NETStandard': 2, '.NETFramework': 1 };

/**
 * Orders targets from the most to the least preferred for analysis: .NET (Core) by version first, then .NET
 * Standard, then .NET Framework; a platform-neutral target before a platform one of the same version.
 */
export function compareTargetPreference(a: string, b: string): number {
  const ta = parseTargetFramework(a);
  const tb = parseTargetFramework(b);
  if (!ta || !tb) return (tb ? 1 : 0) - (ta ? 1 : 0);
  return IDENTIFIER_RANK[tb.identifier] - IDENTIFIER_RANK[ta.identifier]
    || compareVersions(tb.version, ta.version)
    || (ta.platform ? 1 : 0) - (tb.platform ? 1 : 0);
}

export interface TargetChoice {
  targetFramework: string;
  reason: string;
}

/**
 * Picks the one target a multi-targeting project is analysed for: the preferred moniker when the project lists
 * it, else the highest (.NET before .NET Standard before .NET Framework).
 */
export function chooseTargetFramework(targets: readonly string[], preferred?: string | null): TargetChoice | null {
  const list = targets.map((t) => t.trim()).filter(Boolean);
  if (!list.length) return null;
  if (list.length === 1) return { targetFramework: list[0], reason: `the project targets ${list[0]}` };
  if (preferred) {
    const hit = list.find((t) => t.toLowerCase() === preferred.trim().toLowerCase());
    if (hit) return { targetFramework: hit, reason: `the project targets ${list.join(';')}; ${hit} was asked for` };
  }
  const sorted = [...list].sort(compareTargetPreference);
  const note = preferred ? ` (${preferred} was asked for but the project does not target it)` : '';
  return { targetFramework: sorted[0], reason: `the project targets ${list.join(';')}; the highest, ${sorted[0]}, is analysed${note}` };
}

// The versions the SDK's OR_GREATER symbols are generated from (Microsoft.NET.SupportedTargetFrameworks.props).
const NETCOREAPP_VERSIONS: number[][] = [[1, 0], [1, 1], [2, 0], [2, 1], [2, 2], [3, 0], [3, 1]];
const NETSTANDARD_VERSIONS: number[][] = [[1, 0], [1, 1], [1, 2], [1, 3], [1, 4], [1, 5], [1, 6], [2, 0], [2, 1]];
const NETFRAMEWORK_VERSIONS: number[][] = [[2, 0], [3, 0], [3, 5], [4, 0], [4, 5], [4, 5, 1], [4, 5, 2], [4, 6], [4, 6, 1], [4, 6, 2], [4, 7], [4, 7, 1], [4, 7, 2], [4, 8], [4, 8, 1]];

const underscored = (v: readonly number[]) => `${v[0]}_${v[1] ?? 0}`;
const frameworkDigits = (v: readonly number[]) => v.filter((n, i) => i < 2 || n !== 0).join('');

/** The symbols the SDK defines for a target framework (no configuration, no DefineConstants). */
export function frameworkSymbols(tf: TargetFramework): string[] {
  const out: string[] = [];
  const v = tf.version;
  if (tf.identifier === '.NETCoreApp') {
    const modern = v[0] >= 5;
    out.push(modern ? 'NET' : 'NETCOREAPP', `${modern ? 'NET' : 'NETCOREAPP'}${underscored(v)}`);
    if (modern) out.push('NETCOREAPP');
    for (const old of NETCOREAPP_VERSIONS) if (compareVersions(old, v) <= 0) out.push(`NETCOREAPP${underscored(old)}_OR_GREATER`);
    for (let major = 5; major <= v[0]; major++) out.push(`NET${major}_0_OR_GREATER`);
    if (modern && tf.platform) {
      const platform = tf.platform.toUpperCase();
      // Windows targets without a version get the SDK's default TargetPlatformVersion 7.0 (Microsoft.NET.Windows.targets).
      const version = tf.platformVersion || (tf.platform === 'windows' ? '7.0' : '');
      out.push(platform);
      if (version) {
        const parts = version.split('.').filter(Boolean);
        out.push(`${platform}${parts.join('_')}`);
      }
    }
  } else if (tf.identifier === '.NETStandard') {
    out.push('NETSTANDARD', `NETSTANDARD${underscored(v)}`);
    for (const s of NETSTANDARD_VERSIONS) if (compareVersions(s, v) <= 0) out.push(`NETSTANDARD${underscored(s)}_OR_GREATER`);
  } else {
    out.push('NETFRAMEWORK', `NET${frameworkDigits(v)}`);
    for (const f of NETFRAMEWORK_VERSIONS) if (compareVersions(f, v) <= 0) out.push(`NET${frameworkDigits(f)}_OR_GREATER`);
  }
  return out;
}

/** `Debug` -> DEBUG, `Release` -> RELEASE, `Staging-EU` -> STAGING_EU, as Microsoft.NET.Sdk.CSharp.targets derives it. */
export function configurationSymbol(configuration: string): string {
  return configuration.toUpperCase().replace(/[-. ]/g, '_');
}

export interface SymbolInput {
  /** The target being compiled; null for a file outside any project. */
  targetFramework: string | null;
  /** Debug, Release or a custom configuration name. */
  configuration: string;
  /**
   * The project's DefineConstants after evaluation (the SDK's props have already added TRACE to it). Undefined
   * means no project: the SDK default (TRACE) is used.
   */
  defineConstants?: string | null;
  /** DisableImplicitFrameworkDefines=true in the project. */
  disableImplicitFrameworkDefines?: boolean;
  /** DisableImplicitConfigurationDefines=true in the project. */
  disableImplicitConfigurationDefines?: boolean;
}

/**
 * The preprocessing symbols the C# compiler sees: DefineConstants, the configuration's symbol (DEBUG, RELEASE)
 * and the target framework's (NET, NET8_0, NET8_0_OR_GREATER, NETCOREAPP3_1_OR_GREATER...), in that order,
 * without duplicates. csc splits /define on ';' and ','; names that are not identifiers are dropped as csc
 * drops them (with a warning).
 */
export function preprocessorSymbols(input: SymbolInput): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (symbol: string) => {
    const s = symbol.trim();
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(s) || seen.has(s)) return;
    seen.add(s);
    out.push(s);
  };
  const defines = input.defineConstants === undefined || input.defineConstants === null ? 'TRACE' : input.defineConstants;
  for (const d of defines.split(/[;,\s]+/)) add(d);
  if (!input.disableImplicitConfigurationDefines && input.configuration) add(configurationSymbol(input.configuration));
  const tf = input.targetFramework ? parseTargetFramework(input.targetFramework) : null;
  if (tf && !input.disableImplicitFrameworkDefines) for (const s of frameworkSymbols(tf)) add(s);
  return out;
}
