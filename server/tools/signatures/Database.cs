// The merged database and its text form. A type or member read from several sources (the same API in .NET 8,
// 9 and 10) is written once with a mask of the sources it appears in, so the three frameworks cost little more
// than one. The format is described in README.md; server/src/signatures/database.ts reads it.
using System.Text;

namespace AsyncLens.Signatures;

enum TypeKind { Class, Struct, Interface, Enum, Delegate }

sealed class TypeEntry(string fullName, TypeKind kind, string flags, IReadOnlyList<string> genericParameters)
{
    public string FullName { get; } = fullName;
    public TypeKind Kind { get; } = kind;
    public string Flags { get; } = flags;
    public IReadOnlyList<string> GenericParameters { get; } = genericParameters;
    /// <summary>The base class of a class, the underlying type of an enum; null for everything else.</summary>
    public string? BaseType { get; set; }
    public List<string> Interfaces { get; } = [];
    /// <summary>A struct's instance fields (name TAB type, one per line, in declaration order) with the sources that
    /// have that layout. Reference assemblies replace private fields with placeholders, so only implementation
    /// assemblies (packages' lib/ folders and the runtime packs) give layouts.</summary>
    public Dictionary<string, int> Layouts { get; } = new(StringComparer.Ordinal);
    /// <summary>An implementation assembly declares the struct [StructLayout(LayoutKind.Auto)] (flag A): the runtime
    /// orders its fields by size even when they hold no references. Explicit layout (flag X) places them by offset.</summary>
    public bool AutoLayout { get; set; }
    public bool ExplicitLayout { get; set; }
    public int Mask { get; set; }
    public Dictionary<string, int> Members { get; } = new(StringComparer.Ordinal);

    public void AddInterface(string type)
    {
        if (!Interfaces.Contains(type)) Interfaces.Add(type);
    }

    public void AddLayout(IEnumerable<(string Name, string Type)> fields, int sourceBit)
    {
        var text = string.Join("\n", fields.Select(f => $"{f.Name}\t{f.Type}"));
        Layouts[text] = Layouts.GetValueOrDefault(text) | (1 << sourceBit);
    }

    public void AddMember(string line, int sourceBit)
    {
        Members[line] = Members.GetValueOrDefault(line) | (1 << sourceBit);
    }
}

sealed class SignatureDatabase(IReadOnlyList<ResolvedSource> sources, IReadOnlyList<NamespaceExclusion> exclusions)
{
    public const int FormatVersion = 1;
    readonly Dictionary<string, TypeEntry> types = new(StringComparer.Ordinal);

    /// <summary>The names in the list the database does not have.</summary>
    public List<string> Missing(IEnumerable<string> fullNames) => fullNames.Where(n => !types.ContainsKey(n)).ToList();

    public TypeEntry? Existing(string fullName) => types.GetValueOrDefault(fullName);

    /// <summary>The entry for a type, described by the first source that has it; later sources add their bit.
    /// Null for a type in an excluded namespace.</summary>
    public TypeEntry? Type(string fullName, int sourceBit, Func<TypeEntry> describe)
    {
        var outer = fullName.Split('/')[0];
        var ns = outer.Contains('.') ? outer[..outer.LastIndexOf('.')] : "";
        if (exclusions.Any(e => e.Covers(ns))) return null;
        if (!types.TryGetValue(fullName, out var entry))
        {
            entry = describe();
            types[fullName] = entry;
        }
        entry.Mask |= 1 << sourceBit;
        return entry;
    }

    public string Summary(IReadOnlySet<string>? only = null)
    {
        var selected = types.Values.Where(t => only is null || only.Contains(t.FullName)).ToList();
        return $"{sources.Count} sources, {selected.Count:N0} types, {selected.Sum(t => t.Members.Count):N0} members";
    }

    static string KindLetter(TypeKind kind) => kind switch
    {
        TypeKind.Class => "c",
        TypeKind.Struct => "s",
        TypeKind.Interface => "i",
        TypeKind.Enum => "e",
        TypeKind.Delegate => "d",
        _ => throw new ArgumentOutOfRangeException(nameof(kind)),
    };

    /// <summary>
    /// The database's text: every type, or only the named ones (the unit tests' small database). An index comes first
    /// (the header, the sources, one line per type, then the lookups by simple name and by extension method name),
    /// the member blocks after it; the header says how long the index is and each type line where its block starts
    /// and how long it is (in UTF-16 code units, the unit of C# and JavaScript strings, which for this ASCII text
    /// are bytes). A reader loads the index alone and reads a type's members the first time someone asks for them.
    /// </summary>
    public string Write(IReadOnlySet<string>? only = null)
    {
        var ordered = types.Values.Where(t => only is null || only.Contains(t.FullName)).OrderBy(t => t.FullName, StringComparer.Ordinal).ToList();
        var typeLines = new StringBuilder();
        var blocks = new StringBuilder();
        var byName = new SortedDictionary<string, List<int>>(StringComparer.Ordinal);
        var byExtension = new SortedDictionary<string, List<int>>(StringComparer.Ordinal);
        for (var index = 0; index < ordered.Count; index++)
        {
            var type = ordered[index];
            var block = new StringBuilder();
            // One layout shared by every source of the type is written plainly; layouts that differ between
            // frameworks carry the mask of the sources they belong to, and an empty struct's layout is an empty I line.
            var plainLayout = type.Layouts.Count == 1 && type.Layouts.Values.Single() == type.Mask;
            foreach (var (layout, mask) in type.Layouts.OrderBy(l => l.Value))
            {
                var prefix = plainLayout ? "I" : $"I{mask}";
                if (layout.Length == 0) block.Append($"{prefix}\n");
                foreach (var field in layout.Split('\n', StringSplitOptions.RemoveEmptyEntries)) block.Append($"{prefix}\t{field}\n");
            }
            // Members in a stable order: by kind, then name, then the whole line, so a regeneration diffs cleanly.
            foreach (var (line, mask) in type.Members.OrderBy(m => m.Key[0]).ThenBy(m => m.Key.Split('\t')[2], StringComparer.Ordinal).ThenBy(m => m.Key, StringComparer.Ordinal))
            {
                block.Append(mask == type.Mask ? line : $"{line[0]}{mask}{line[1..]}");
                block.Append('\n');
            }
            // A struct no implementation assembly described has an unknown layout (flag u) rather than a wrong one.
            var flags = type.Flags + (type.Kind == TypeKind.Struct && type.Layouts.Count == 0 ? "u" : "")
                + (type.AutoLayout ? "A" : "") + (type.ExplicitLayout ? "X" : "");
            typeLines.Append($"T\t{type.Mask}\t{KindLetter(type.Kind)}{flags}\t{type.FullName}\t{string.Join(" ", type.GenericParameters)}\t{type.BaseType ?? ""}\t{string.Join(" ", type.Interfaces)}\t{type.Members.Count}\t{blocks.Length}\t{block.Length}\n");
            blocks.Append(block);
            Add(byName, SimpleName(type.FullName), index);
            foreach (var name in type.Members.Keys.Select(k => k.Split('\t')).Where(f => f[0] == "M" && f[1].Contains('x')).Select(f => f[2]).Distinct())
            {
                Add(byExtension, name, index);
            }
        }
        var sourceLines = new StringBuilder();
        for (var bit = 0; bit < sources.Count; bit++)
        {
            var (s, folder) = (sources[bit].Source, sources[bit].Folder);
            sourceLines.Append($"S\t{bit}\t{s.Id}\t{s.Package}\t{s.Version}\t{folder}\t{s.Framework ?? ""}\n");
        }
        var lookups = new StringBuilder();
        foreach (var (name, indices) in byName) lookups.Append($"N\t{name}\t{string.Join(" ", indices)}\n");
        foreach (var (name, indices) in byExtension) lookups.Append($"X\t{name}\t{string.Join(" ", indices)}\n");
        var counts = $"{FormatVersion}\t{sources.Count}\t{ordered.Count}\t{ordered.Sum(t => t.Members.Count)}\t{byName.Count}\t{byExtension.Count}";
        // The index length includes the header line, whose own length depends on the number written in it.
        var rest = sourceLines.Length + typeLines.Length + lookups.Length;
        var indexLength = 0;
        for (var guess = rest; indexLength != guess;)
        {
            indexLength = guess;
            guess = $"asynclens-signatures\t{counts}\t{indexLength}\n".Length + rest;
        }
        return $"asynclens-signatures\t{counts}\t{indexLength}\n{sourceLines}{typeLines}{lookups}{blocks}";
    }

    static void Add(SortedDictionary<string, List<int>> map, string key, int index)
    {
        if (!map.TryGetValue(key, out var list)) map[key] = list = [];
        list.Add(index);
    }

    /// <summary>The name C# writes for a type: `Task` for System.Threading.Tasks.Task`1, `Inner` for Outer`1/Inner.</summary>
    static string SimpleName(string fullName)
    {
        var slash = fullName.LastIndexOf('/');
        var name = slash >= 0 ? fullName[(slash + 1)..] : fullName[(fullName.LastIndexOf('.') + 1)..];
        var tick = name.IndexOf('`');
        return tick >= 0 ? name[..tick] : name;
    }
}
