// asynclens-signatures: writes AsyncLens's API signature database from the reference assemblies of the .NET
// shared frameworks and of the packages async code calls most (sources.json), or checks that the checked-in
// files are what it would write.
//
// Usage: dotnet run --project server/tools/signatures -c Release -- [--check] [--out FILE [--only TYPE-LIST]] [--sources FILE]
//        asynclens-signatures --package ID VERSION FOLDER --assemblies A.dll:B.dll --out FILE   (one package of a user's project)
// Without --out it writes (or with --check compares) both checked-in files: server/data/signatures.txt and the unit
// tests' small database, test/fixtures/signatures/small.txt, cut to the types test/fixtures/signatures/types.txt
// names. `npm run signatures` and `npm run signatures:check` run it.
using System.Runtime.CompilerServices;
using AsyncLens.Signatures;

var toolDirectory = ToolDirectory();
var repositoryRoot = Path.GetFullPath(Path.Combine(toolDirectory, "..", "..", ".."));
var check = false;
string? outPath = null;
string? onlyPath = null;
string[]? package = null;
string? assemblies = null;
var sourcesPath = Path.Combine(toolDirectory, "sources.json");
try
{
    for (var i = 0; i < args.Length; i++)
    {
        string Value() => i + 1 < args.Length ? args[++i] : throw new UsageException($"{args[i]} needs a value");
        switch (args[i])
        {
            case "--check": check = true; break;
            case "--out": outPath = Value(); break;
            case "--only": onlyPath = Value(); break;
            case "--sources": sourcesPath = Value(); break;
            // One package of a user's project, for the analysis's per-package cache: its id, version and assembly
            // folder (as project.assets.json names them) and its compile assemblies, separated by the path separator.
            case "--package": package = [Value(), Value(), Value()]; break;
            case "--assemblies": assemblies = Value(); break;
            case "-h" or "--help":
                Console.WriteLine("usage: asynclens-signatures [--check] [--out FILE [--only TYPE-LIST]] [--sources FILE]\n       asynclens-signatures --package ID VERSION FOLDER --assemblies LIST --out FILE");
                return 0;
            default: throw new UsageException($"unknown argument {args[i]}");
        }
    }
    if (onlyPath is not null && outPath is null) throw new UsageException("--only needs --out");
    if ((package is null) != (assemblies is null) || (package is not null && outPath is null)) throw new UsageException("--package ID VERSION FOLDER needs --assemblies LIST and --out FILE");
}
catch (UsageException e)
{
    Console.Error.WriteLine($"asynclens-signatures: {e.Message}");
    return 2;
}

if (package is not null)
{
    try
    {
        // The same reader as the built-in database, for one package with one source; namespaces the manifest leaves
        // out (`*.Internal`) stay out when the manifest is beside the tool.
        var manifestPath = File.Exists(sourcesPath) ? sourcesPath : Path.Combine(AppContext.BaseDirectory, "sources.json");
        var exclusions = File.Exists(manifestPath) ? SourceManifest.Load(manifestPath).Exclusions : [];
        var paths = assemblies!.Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries);
        var missing = paths.FirstOrDefault(p => !File.Exists(p));
        if (missing is not null) throw new ToolException($"no assembly at {missing}");
        var source = new ResolvedSource(new Source(package[0], package[0], package[1], null, null), package[2], paths);
        var single = new SignatureDatabase([source], exclusions);
        foreach (var assembly in paths) AssemblyReader.Read(assembly, 0, single);
        var text = single.Write(null);
        var nonAscii = text.IndexOfAnyExceptInRange('\0', '\x7f');
        if (nonAscii >= 0) throw new ToolException($"{package[0]} {package[1]} has a non-ASCII name near `{text.Substring(Math.Max(0, nonAscii - 40), Math.Min(80, text.Length - Math.Max(0, nonAscii - 40)))}`; the format is ASCII only");
        var target = Path.GetFullPath(outPath!);
        Directory.CreateDirectory(Path.GetDirectoryName(target)!);
        // Written beside the target and moved, so a reader never sees half a file.
        var temporary = $"{target}.{Environment.ProcessId}.tmp";
        File.WriteAllText(temporary, text);
        File.Move(temporary, target, overwrite: true);
        Console.WriteLine($"wrote {target} ({single.Summary(null)}, {text.Length:N0} characters)");
        return 0;
    }
    catch (Exception e) when (e is ToolException or IOException or BadImageFormatException or InvalidOperationException)
    {
        Console.Error.WriteLine($"asynclens-signatures: {e.Message}");
        return 1;
    }
}

var targets = outPath is not null
    ? [(Path.GetFullPath(outPath), onlyPath is null ? null : Path.GetFullPath(onlyPath))]
    : new List<(string Path, string? Only)>
    {
        (Path.Combine(repositoryRoot, "server", "data", "signatures.txt"), null),
        (Path.Combine(repositoryRoot, "test", "fixtures", "signatures", "small.txt"), Path.Combine(repositoryRoot, "test", "fixtures", "signatures", "types.txt")),
    };

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
    var stale = 0;
    foreach (var (path, only) in targets)
    {
        HashSet<string>? subset = null;
        if (only is not null)
        {
            // Full type names, one per line, `#` starting a comment.
            if (!File.Exists(only)) throw new ToolException($"no type list at {only}");
            subset = File.ReadAllLines(only).Select(l => l.Split('#')[0].Trim()).Where(l => l.Length > 0).ToHashSet(StringComparer.Ordinal);
            var missing = database.Missing(subset);
            if (missing.Count > 0) throw new ToolException($"{only} names types the database does not have: {string.Join(", ", missing)}");
        }
        var text = database.Write(subset);
        // The reader decodes the file as latin1, which is exact only for ASCII.
        var nonAscii = text.IndexOfAnyExceptInRange('\0', '\x7f');
        if (nonAscii >= 0) throw new ToolException($"the database would hold a non-ASCII character near `{text.Substring(Math.Max(0, nonAscii - 40), Math.Min(80, text.Length - Math.Max(0, nonAscii - 40)))}`; the format is ASCII only");
        var summary = $"{database.Summary(subset)}, {text.Length:N0} characters";
        if (check)
        {
            var existing = File.Exists(path) ? File.ReadAllText(path) : null;
            if (existing == text)
            {
                Console.WriteLine($"{path} is current ({summary})");
                continue;
            }
            stale++;
            Console.Error.WriteLine(existing is null
                ? $"{path} does not exist; write it with `npm run signatures`"
                : $"{path} differs from what the tool writes now ({FirstDifference(existing, text)}); regenerate it with `npm run signatures`");
            continue;
        }
        File.WriteAllText(path, text);
        Console.WriteLine($"wrote {path} ({summary})");
    }
    return stale == 0 ? 0 : 1;
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
        if (aLines[i] != bLines[i]) return $"first at line {i + 1}: `{Truncate(aLines[i])}` in the file, `{Truncate(bLines[i])}` from the tool";
    }
    return $"{aLines.Length} lines in the file, {bLines.Length} from the tool";
}

static string Truncate(string s) => s.Length > 120 ? s[..120] + "…" : s;

// The tool finds sources.json and the repository beside its own source, wherever it is run from.
static string ToolDirectory([CallerFilePath] string sourceFile = "") => Path.GetDirectoryName(sourceFile)!;

namespace AsyncLens.Signatures
{
    /// <summary>A wrong command line: printed with the usage, exit code 2.</summary>
    sealed class UsageException(string message) : Exception(message);

    /// <summary>A failure the user can act on (a missing package, a failed restore): printed without a stack trace.</summary>
    sealed class ToolException(string message) : Exception(message);
}
