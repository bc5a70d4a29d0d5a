// What the database is read from: the manifest (sources.json), a throwaway NuGet restore that downloads
// every package it names into the global packages folder, and the assembly folder chosen in each package.
using System.Diagnostics;
using System.Text.Json;

namespace AsyncLens.Signatures;

/// <summary>One entry of sources.json. Framework packs carry the target framework they describe; a runtime pack
/// names the reference pack whose structs it gives the real fields of (LayoutOf), and has no bit of its own.</summary>
sealed record Source(string Id, string Package, string Version, string? Framework, string? LayoutOf);

/// <summary>A namespace left out of the database with the reason: `A.B` covers A.B and its sub-namespaces,
/// `*.Internal` every namespace whose last segment is Internal.</summary>
sealed record NamespaceExclusion(string Namespace, string Why)
{
    public bool Covers(string ns) => Namespace.StartsWith("*.", StringComparison.Ordinal)
        ? ns.EndsWith(Namespace[1..], StringComparison.Ordinal)
        : ns == Namespace || ns.StartsWith(Namespace + ".", StringComparison.Ordinal);
}

sealed record Manifest(IReadOnlyList<Source> Sources, IReadOnlyList<NamespaceExclusion> Exclusions);

sealed record ResolvedSource(Source Source, string Folder, IReadOnlyList<string> AssemblyPaths);

static class SourceManifest
{
    public static Manifest Load(string path)
    {
        if (!File.Exists(path)) throw new ToolException($"no sources manifest at {path}");
        using var doc = JsonDocument.Parse(File.ReadAllText(path));
        var sources = new List<Source>();
        foreach (var e in doc.RootElement.GetProperty("sources").EnumerateArray())
        {
            string Text(string name) => e.TryGetProperty(name, out var v) && v.ValueKind == JsonValueKind.String
                ? v.GetString()!
                : throw new ToolException($"{path}: a source lacks \"{name}\"");
            var framework = e.TryGetProperty("framework", out var f) ? f.GetString() : null;
            var layoutOf = e.TryGetProperty("layoutOf", out var l) ? l.GetString() : null;
            sources.Add(new Source(Text("id"), Text("package"), Text("version"), framework, layoutOf));
        }
        var missing = sources.FirstOrDefault(s => s.LayoutOf is not null && !sources.Any(r => r.Id == s.LayoutOf && r.LayoutOf is null));
        if (missing is not null) throw new ToolException($"{path}: {missing.Id} gives the layouts of {missing.LayoutOf}, which is not a source");
        // Members carry a bit per source in a 31-bit mask, which JavaScript reads as a small integer.
        if (sources.Count(s => s.LayoutOf is null) > 31) throw new ToolException($"{path}: at most 31 sources fit the membership masks, found {sources.Count}");
        var duplicate = sources.GroupBy(s => s.Id).FirstOrDefault(g => g.Count() > 1);
        if (duplicate is not null) throw new ToolException($"{path}: source id {duplicate.Key} appears twice");
        var exclusions = doc.RootElement.TryGetProperty("excludeNamespaces", out var x)
            ? x.EnumerateArray().Select(e => new NamespaceExclusion(e.GetProperty("namespace").GetString()!, e.GetProperty("why").GetString()!)).ToList()
            : [];
        return new Manifest(sources, exclusions);
    }
}

static class PackageRestore
{
    // Framework packs hold ref/<tfm>, runtime packs runtimes/<rid>/lib/<tfm>. For packages the database describes
    // what a project on the oldest supported .NET can call, so the lowest modern target wins, then .NET Standard;
    // implementation assemblies (lib/) beat reference ones (ref/), since only they have the real fields of structs.
    static readonly string[] PackageFrameworkPreference = ["net8.0", "net9.0", "net10.0", "netstandard2.1", "netstandard2.0"];

    public static IReadOnlyList<ResolvedSource> Resolve(IReadOnlyList<Source> sources)
    {
        var packagesRoot = Restore(sources);
        return sources.Select(s => ResolveOne(s, packagesRoot)).ToList();
    }

    static ResolvedSource ResolveOne(Source source, string packagesRoot)
    {
        var packageFolder = Path.Combine(packagesRoot, source.Package.ToLowerInvariant(), source.Version.ToLowerInvariant());
        if (!Directory.Exists(packageFolder)) throw new ToolException($"{source.Package} {source.Version} is not in {packagesRoot} after the restore");
        var candidates = source.Framework is not null ? [source.Framework] : PackageFrameworkPreference;
        foreach (var framework in candidates)
        {
            foreach (var kind in new[] { "lib", "ref", "runtimes/linux-x64/lib" })
            {
                var folder = Path.Combine(packageFolder, kind, framework);
                var dlls = Directory.Exists(folder) ? Directory.GetFiles(folder, "*.dll").OrderBy(p => p, StringComparer.Ordinal).ToList() : [];
                if (dlls.Count > 0) return new ResolvedSource(source, $"{kind}/{framework}", dlls);
            }
        }
        throw new ToolException($"{source.Package} {source.Version} has no assemblies for {string.Join(", ", candidates)}");
    }

    /// <summary>Restores a throwaway project whose PackageDownload items name every source, and returns the
    /// global packages folder the restore used.</summary>
    static string Restore(IReadOnlyList<Source> sources)
    {
        var folder = Path.Combine(Path.GetTempPath(), $"asynclens-signatures-restore-{Environment.ProcessId}");
        Directory.CreateDirectory(folder);
        try
        {
            var downloads = sources
                .GroupBy(s => s.Package)
                .Select(g => $"    <PackageDownload Include=\"{g.Key}\" Version=\"{string.Join(";", g.Select(s => $"[{s.Version}]").Distinct())}\" />");
            File.WriteAllText(Path.Combine(folder, "Directory.Build.props"), "<Project />\n");
            File.WriteAllText(Path.Combine(folder, "restore.csproj"), $"""
                <Project Sdk="Microsoft.NET.Sdk">
                  <PropertyGroup>
                    <TargetFramework>net10.0</TargetFramework>
                  </PropertyGroup>
                  <ItemGroup>
                {string.Join("\n", downloads)}
                  </ItemGroup>
                </Project>
                """);
            var start = new ProcessStartInfo("dotnet", ["restore", "restore.csproj", "--nologo", "-v", "quiet"])
            {
                WorkingDirectory = folder,
                RedirectStandardOutput = true,
                RedirectStandardError = true,
            };
            using var process = Process.Start(start) ?? throw new ToolException("could not start dotnet restore");
            var stdout = process.StandardOutput.ReadToEndAsync();
            var stderr = process.StandardError.ReadToEndAsync();
            process.WaitForExit();
            if (process.ExitCode != 0) throw new ToolException($"dotnet restore failed:\n{stdout.Result}{stderr.Result}");
            using var assets = JsonDocument.Parse(File.ReadAllText(Path.Combine(folder, "obj", "project.assets.json")));
            var packageFolders = assets.RootElement.GetProperty("packageFolders").EnumerateObject().Select(p => p.Name).ToList();
            return packageFolders.FirstOrDefault() ?? throw new ToolException("the restore named no packages folder");
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }
}
