/**
 * The global usings the .NET SDKs add when a project sets <ImplicitUsings>enable</ImplicitUsings>, by SDK.
 * Data, each list citing the SDK file that declares it (dotnet/sdk, main branch).
 */

export interface ImplicitUsingSet {
  /** The SDK (as in <Project Sdk="...">) whose props add these, or a base SDK every Microsoft.NET.Sdk.* builds on. */
  sdk: string;
  /** Only when this property is 'true' (UseWPF, UseWindowsForms), else always. */
  whenProperty?: string;
  add: string[];
  remove?: string[];
  /** Namespaces added only when the target is not .NET Framework. */
  notOnNetFramework?: string[];
  source: string;
}

export const IMPLICIT_USINGS: readonly ImplicitUsingSet[] = [
  {
    sdk: 'Microsoft.NET.Sdk',
    add: ['System', 'System.Collections.Generic', 'System.IO', 'System.Linq', 'System.Threading', 'System.Threading.Tasks'],
    notOnNetFramework: ['System.Net.Http'],
    source: 'https://github.com/dotnet/sdk/blob/main/src/Tasks/Microsoft.NET.Build.Tasks/targets/Microsoft.NET.Sdk.CSharp.props',
  },
  {
    sdk: 'Microsoft.NET.Sdk.Web',
    add: ['System.Net.Http.Json', 'Microsoft.AspNetCore.Builder', 'Microsoft.AspNetCore.Hosting', 'Microsoft.AspNetCore.Http', 'Microsoft.AspNetCore.Routing',
      'Microsoft.Extensions.Configuration', 'Microsoft.Extensions.DependencyInjection', 'Microsoft.Extensions.Hosting', 'Microsoft.Extensions.Logging'],
    source: 'https://github.com/dotnet/sdk/blob/main/src/WebSdk/Web/Targets/Sdk.Server.props',
  },
  {
    sdk: 'Microsoft.NET.Sdk.Worker',
    add: ['Microsoft.Extensions.Configuration', 'Microsoft.Extensions.DependencyInjection', 'Microsoft.Extensions.Hosting', 'Microsoft.Extensions.Logging'],
    source: 'https://github.com/dotnet/sdk/blob/main/src/WebSdk/Worker/Targets/Microsoft.NET.Sdk.Worker.props',
  },
  {
    sdk: 'Microsoft.NET.Sdk.BlazorWebAssembly',
    add: ['Microsoft.Extensions.Configuration', 'Microsoft.Extensions.DependencyInjection', 'Microsoft.Extensions.Logging'],
    source: 'https://github.com/dotnet/sdk/blob/main/src/BlazorWasmSdk/Targets/Microsoft.NET.Sdk.BlazorWebAssembly.Current.props (shipped as Sdks/Microsoft.NET.Sdk.BlazorWebAssembly/Sdk/Sdk.props)',
  },
  {
    sdk: 'Microsoft.NET.Sdk',
    whenProperty: 'UseWindowsForms',
    add: ['System.Drawing', 'System.Windows.Forms'],
    source: 'https://github.com/dotnet/winforms/blob/main/pkg/Microsoft.Private.Winforms/sdk/dotnet-wpf/Microsoft.NET.Sdk.WindowsDesktop.WindowsForms.props',
  },
  {
    sdk: 'Microsoft.NET.Sdk',
    whenProperty: 'UseWPF',
    add: [],
    remove: ['System.IO', 'System.Net.Http'],
    source: 'https://github.com/dotnet/wpf/blob/main/packaging/Microsoft.NET.Sdk.WindowsDesktop/targets/Microsoft.NET.Sdk.WindowsDesktop.WPF.props',
  },
];

/**
 * The implicit global usings of a project: the base SDK's for every Microsoft.NET.Sdk* project, plus those of
 * the named SDKs, with the WPF/Windows Forms adjustments when the properties ask for them.
 */
export function implicitUsingsFor(sdks: readonly string[], isNetFramework: boolean, propertyIsTrue: (name: string) => boolean): string[] {
  const names = sdks.map((s) => s.split('/')[0].trim().toLowerCase());
  if (!names.some((n) => n.startsWith('microsoft.net.sdk'))) return [];
  const out: string[] = [];
  for (const set of IMPLICIT_USINGS) {
    if (set.sdk !== 'Microsoft.NET.Sdk' && !names.includes(set.sdk.toLowerCase())) continue;
    if (set.whenProperty && !propertyIsTrue(set.whenProperty)) continue;
    for (const ns of set.add) if (!out.includes(ns)) out.push(ns);
    if (!isNetFramework) for (const ns of set.notOnNetFramework ?? []) if (!out.includes(ns)) out.push(ns);
    for (const ns of set.remove ?? []) {
      const i = out.indexOf(ns);
      if (i >= 0) out.splice(i, 1);
    }
  }
  return out;
}
