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

    /// <summary>The database's text: every type, or only the named ones (the unit tests' small database).</summary>
    public string Write(IReadOnlySet<string>? only = null)
    {
        var ordered = types.Values.Where(t => only is null || only.Contains(t.FullName)).OrderBy(t => t.FullName, StringComparer.Ordinal).ToList();
        var memberCount = ordered.Sum(t => t.Members.Count);
        var sb = new StringBuilder();
        sb.Append($"asynclens-signatures\t{FormatVersion}\t{sources.Count}\t{ordered.Count}\t{memberCount}\n");
        for (var bit = 0; bit < sources.Count; bit++)
        {
            var (s, folder) = (sources[bit].Source, sources[bit].Folder);
            sb.Append($"S\t{bit}\t{s.Id}\t{s.Package}\t{s.Version}\t{folder}\t{s.Framework ?? ""}\n");
        }
        foreach (var type in ordered)
        {
            // A struct no implementation assembly described has an unknown layout (flag u) rather than a wrong one.
            var flags = type.Flags + (type.Kind == TypeKind.Struct && type.Layouts.Count == 0 ? "u" : "");
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
            // The names of a static class's extension methods go on its type line, so a reader finds the classes that
            // may extend a receiver without parsing every static class's members.
            var extensionNames = type.Members.Keys
                .Select(k => k.Split('\t'))
                .Where(f => f[0] == "M" && f[1].Contains('x'))
                .Select(f => f[2])
                .Distinct()
                .Order(StringComparer.Ordinal);
            // The block's length (in UTF-16 code units, the unit of C# and JavaScript strings) and member count let a
            // reader skip from type line to type line without reading the members in between.
            sb.Append($"T\t{type.Mask}\t{KindLetter(type.Kind)}{flags}\t{type.FullName}\t{string.Join(" ", type.GenericParameters)}\t{type.BaseType ?? ""}\t{string.Join(" ", type.Interfaces)}\t{string.Join(" ", extensionNames)}\t{type.Members.Count}\t{block.Length}\n");
            sb.Append(block);
        }
        return sb.ToString();
    }
}
