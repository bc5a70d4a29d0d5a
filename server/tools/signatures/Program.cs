// asynclens-signatures: writes AsyncLens's API signature database from the reference assemblies of the .NET
// shared frameworks and of the packages async code calls most (sources.json), or checks that a checked-in
// database is what it would write.
//
// Usage: dotnet run --project server/tools/signatures -c Release -- [--out FILE | --check FILE] [--sources FILE]
using System.Runtime.CompilerServices;
using AsyncLens.Signatures;

var toolDirectory = ToolDirectory();
string? outPath = null;
string? checkPath = null;
var sourcesPath = Path.Combine(toolDirectory, "sources.json");
for (var i = 0; i < args.Length; i++)
{
    string Value() => i + 1 < args.Length ? args[++i] : throw new UsageException($"{args[i]} needs a value");
    try
    {
        switch (args[i])
        {
            case "--out": outPath = Value(); break;
            case "--check": checkPath = Value(); break;
            case "--sources": sourcesPath = Value(); break;
            case "-h" or "--help":
                Console.WriteLine("usage: asynclens-signatures [--out FILE | --check FILE] [--sources FILE]");
                return 0;
            default: throw new UsageException($"unknown argument {args[i]}");
        }
    }
    catch (UsageException e)
    {
        Console.Error.WriteLine($"asynclens-signatures: {e.Message}");
        return 2;
    }
}
if (outPath is null && checkPath is null)
{
    outPath = Path.GetFullPath(Path.Combine(toolDirectory, "..", "..", "data", "signatures.txt"));
}

try
{
    var manifest = SourceManifest.Load(sourcesPath);
    var resolved = PackageRestore.Resolve(manifest.Sources);
    var surfaces = resolved.Where(r => r.Source.LayoutOf is null).ToList();
    var database = new SignatureDatabase(surfaces, manifest.Exclusions);
    for (var bit = 0; bit < surfaces.Count; bit++)
    {
        foreach (var assembly in surfaces[bit].AssemblyPaths) AssemblyReader.Read(assembly, bit, database);
    }
    // Runtime packs last: they only give real fields to structs the reference packs already put in the database.
    foreach (var layouts in resolved.Where(r => r.Source.LayoutOf is not null))
    {
        var bit = surfaces.FindIndex(s => s.Source.Id == layouts.Source.LayoutOf);
        foreach (var assembly in layouts.AssemblyPaths) AssemblyReader.ReadLayouts(assembly, bit, database);
    }
    var text = database.Write();
    if (checkPath is not null)
    {
        var existing = File.Exists(checkPath) ? File.ReadAllText(checkPath) : null;
        if (existing == text)
        {
            Console.WriteLine($"{checkPath} is current ({database.Summary()})");
            return 0;
        }
        Console.Error.WriteLine(existing is null
            ? $"{checkPath} does not exist"
            : $"{checkPath} differs from what the tool writes now ({FirstDifference(existing, text)}); regenerate it with `npm run signatures`");
        return 1;
    }
    File.WriteAllText(outPath!, text);
    Console.WriteLine($"wrote {outPath}: {new FileInfo(outPath!).Length:N0} bytes, {database.Summary()}");
    return 0;
}
catch (ToolException e)
{
    Console.Error.WriteLine($"asynclens-signatures: {e.Message}");
    return 1;
}

static string FirstDifference(string a, string b)
{
    var aLines = a.Split('\n');
    var bLines = b.Split('\n');
    for (var i = 0; i < Math.Min(aLines.Length, bLines.Length); i++)
    {
        if (aLines[i] != bLines[i]) return $"first at line {i + 1}: `{Truncate(aLines[i])}` vs `{Truncate(bLines[i])}`";
    }
    return $"{aLines.Length} lines vs {bLines.Length}";
}

static string Truncate(string s) => s.Length > 120 ? s[..120] + "…" : s;

// The tool finds sources.json and the default output beside its own source, wherever it is run from.
static string ToolDirectory([CallerFilePath] string sourceFile = "") => Path.GetDirectoryName(sourceFile)!;

namespace AsyncLens.Signatures
{
    /// <summary>A wrong command line: printed with the usage, exit code 2.</summary>
    sealed class UsageException(string message) : Exception(message);

    /// <summary>A failure the user can act on (a missing package, a failed restore): printed without a stack trace.</summary>
    sealed class ToolException(string message) : Exception(message);
}
