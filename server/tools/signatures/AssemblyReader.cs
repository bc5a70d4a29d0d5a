// Reads one assembly's public surface with System.Reflection.Metadata into the database: every type a user can
// name (public, or nested public in a public type) with its members a caller can reach (public and protected).
using System.Reflection;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;

namespace AsyncLens.Signatures;

static class AssemblyReader
{
    const string ReferenceAssemblyAttribute = "System.Runtime.CompilerServices.ReferenceAssemblyAttribute";
    const string ExtensionAttribute = "System.Runtime.CompilerServices.ExtensionAttribute";
    const string IsReadOnlyAttribute = "System.Runtime.CompilerServices.IsReadOnlyAttribute";
    const string IsByRefLikeAttribute = "System.Runtime.CompilerServices.IsByRefLikeAttribute";
    const string RequiresLocationAttribute = "System.Runtime.CompilerServices.RequiresLocationAttribute";
    const string ParamArrayAttribute = "System.ParamArrayAttribute";
    const string ParamCollectionAttribute = "System.Runtime.CompilerServices.ParamCollectionAttribute";

    public static void Read(string path, int sourceBit, SignatureDatabase database)
    {
        using var stream = File.OpenRead(path);
        using var pe = new PEReader(stream);
        if (!pe.HasMetadata) return;
        var reader = pe.GetMetadataReader();
        if (!reader.IsAssembly) return;
        var isReferenceAssembly = HasAttribute(reader, reader.GetAssemblyDefinition().GetCustomAttributes(), ReferenceAssemblyAttribute);
        foreach (var handle in reader.TypeDefinitions)
        {
            var type = reader.GetTypeDefinition(handle);
            if (!IsVisible(reader, type)) continue;
            var fullName = TypeNames.FullName(reader, handle);
            // Compiler-generated types (`<Module>`, `<>c`, C# 14 extension markers) cannot be named in C#.
            if (fullName.Contains('<')) continue;
            var entry = database.Type(fullName, sourceBit, () => Describe(reader, type, fullName));
            if (entry is null) continue;
            if (entry.Kind == TypeKind.Struct && !isReferenceAssembly) AddLayout(entry, type, InstanceFields(reader, type), sourceBit);
            foreach (var i in type.GetInterfaceImplementations())
            {
                var implemented = reader.GetInterfaceImplementation(i).Interface;
                if (implemented.Kind == HandleKind.TypeDefinition && !IsVisible(reader, reader.GetTypeDefinition((TypeDefinitionHandle)implemented))) continue;
                entry.AddInterface(TypeNames.OfHandle(reader, implemented));
            }
            ReadMethods(reader, type, entry, sourceBit);
            ReadProperties(reader, type, entry, sourceBit);
            ReadFields(reader, type, entry, sourceBit);
        }
    }

    /// <summary>Adds the real instance fields of the public structs an implementation assembly defines to the
    /// database's entries for them, as the layout of the reference source the assembly implements.</summary>
    public static void ReadLayouts(string path, int sourceBit, SignatureDatabase database)
    {
        using var stream = File.OpenRead(path);
        using var pe = new PEReader(stream);
        if (!pe.HasMetadata) return;
        var reader = pe.GetMetadataReader();
        foreach (var handle in reader.TypeDefinitions)
        {
            var type = reader.GetTypeDefinition(handle);
            if (!IsVisible(reader, type)) continue;
            var entry = database.Existing(TypeNames.FullName(reader, handle));
            if (entry is { Kind: TypeKind.Struct } && (entry.Mask & (1 << sourceBit)) != 0) AddLayout(entry, type, InstanceFields(reader, type), sourceBit);
        }
    }

    static void AddLayout(TypeEntry entry, TypeDefinition type, IEnumerable<(string Name, string Type)> fields, int sourceBit)
    {
        entry.AddLayout(fields, sourceBit);
        var layout = type.Attributes & TypeAttributes.LayoutMask;
        if (layout == TypeAttributes.AutoLayout) entry.AutoLayout = true;
        if (layout == TypeAttributes.ExplicitLayout) entry.ExplicitLayout = true;
    }

    /// <summary>Every instance field, whatever its accessibility, in declaration order: what a struct's size comes from.</summary>
    /// An explicit-layout struct's fields carry their offset after an `@` (`_valueInt64@0`): fields may overlap.
    static IEnumerable<(string Name, string Type)> InstanceFields(MetadataReader reader, TypeDefinition type)
    {
        var explicitLayout = (type.Attributes & TypeAttributes.LayoutMask) == TypeAttributes.ExplicitLayout;
        return type.GetFields()
            .Select(reader.GetFieldDefinition)
            .Where(f => (f.Attributes & FieldAttributes.Static) == 0)
            .Select(f => (reader.GetString(f.Name) + (explicitLayout ? $"@{f.GetOffset()}" : ""), f.DecodeSignature(LayoutTypeNames.Instance, null)));
    }

    static bool IsVisible(MetadataReader reader, TypeDefinition type)
    {
        var visibility = type.Attributes & TypeAttributes.VisibilityMask;
        if (visibility == TypeAttributes.Public) return true;
        if (visibility != TypeAttributes.NestedPublic) return false;
        return IsVisible(reader, reader.GetTypeDefinition(type.GetDeclaringType()));
    }

    static TypeEntry Describe(MetadataReader reader, TypeDefinition type, string fullName)
    {
        var baseType = type.BaseType.IsNil ? null : TypeNames.OfHandle(reader, type.BaseType);
        var attributes = type.Attributes;
        var kind = (attributes & TypeAttributes.Interface) != 0 ? TypeKind.Interface
            : baseType == "System.Enum" ? TypeKind.Enum
            : baseType == "System.ValueType" && fullName != "System.Enum" ? TypeKind.Struct
            : baseType == "System.MulticastDelegate" ? TypeKind.Delegate
            : TypeKind.Class;
        var flags = "";
        if (kind == TypeKind.Class && (attributes & TypeAttributes.Abstract) != 0 && (attributes & TypeAttributes.Sealed) != 0) flags += "S";
        else if (kind == TypeKind.Class && (attributes & TypeAttributes.Abstract) != 0) flags += "a";
        if (kind == TypeKind.Struct && HasAttribute(reader, type.GetCustomAttributes(), IsByRefLikeAttribute)) flags += "r";
        if (kind == TypeKind.Struct && HasAttribute(reader, type.GetCustomAttributes(), IsReadOnlyAttribute)) flags += "R";
        var genericParameters = type.GetGenericParameters().Select(g => reader.GetString(reader.GetGenericParameter(g).Name)).ToList();
        var entry = new TypeEntry(fullName, kind, flags, genericParameters);
        switch (kind)
        {
            case TypeKind.Class:
                entry.BaseType = baseType is null or "object" ? null : baseType;
                break;
            case TypeKind.Enum:
                // The base of every enum is System.Enum; what matters is the underlying type, the type of value__.
                entry.BaseType = type.GetFields()
                    .Select(reader.GetFieldDefinition)
                    .Where(f => (f.Attributes & FieldAttributes.Static) == 0)
                    .Select(f => f.DecodeSignature(TypeNames.Instance, null))
                    .FirstOrDefault();
                break;

        }
        return entry;
    }

    static string? Access(MethodAttributes attributes) => (attributes & MethodAttributes.MemberAccessMask) switch
    {
        MethodAttributes.Public => "",
        MethodAttributes.Family or MethodAttributes.FamORAssem => "p",
        _ => null,
    };

    static void ReadMethods(MetadataReader reader, TypeDefinition type, TypeEntry entry, int sourceBit)
    {
        foreach (var handle in type.GetMethods())
        {
            var method = reader.GetMethodDefinition(handle);
            var access = Access(method.Attributes);
            if (access is null) continue;
            var name = reader.GetString(method.Name);
            // Accessors, events' add/remove, constructors and operators are special names; properties stand for
            // accessors, and the rest are not called by name. Implicit conversions stay: overload resolution needs
            // them (a byte[] argument for a Memory<byte> parameter).
            if ((method.Attributes & MethodAttributes.SpecialName) != 0 && name != "op_Implicit") continue;
            if (name.Contains('<')) continue;
            // A delegate is called through Invoke; its Begin/EndInvoke pair is the obsolete APM form.
            if (entry.Kind == TypeKind.Delegate && name != "Invoke") continue;
            var signature = method.DecodeSignature(TypeNames.Instance, null);
            var isStatic = (method.Attributes & MethodAttributes.Static) != 0;
            var flags = (isStatic ? "s" : "") + (isStatic && HasAttribute(reader, method.GetCustomAttributes(), ExtensionAttribute) ? "x" : "") + access;
            var generics = string.Join(" ", method.GetGenericParameters().Select(g => GenericParameterText(reader, g)));
            var parameters = ParameterTexts(reader, method.GetParameters(), signature.ParameterTypes);
            entry.AddMember(string.Join('\t', ["M", flags, name, generics, StripByRef(signature.ReturnType), .. parameters]), sourceBit);
        }
    }

    static void ReadProperties(MetadataReader reader, TypeDefinition type, TypeEntry entry, int sourceBit)
    {
        foreach (var handle in type.GetProperties())
        {
            var property = reader.GetPropertyDefinition(handle);
            var accessors = property.GetAccessors();
            var getter = accessors.Getter.IsNil ? (MethodDefinition?)null : reader.GetMethodDefinition(accessors.Getter);
            var setter = accessors.Setter.IsNil ? (MethodDefinition?)null : reader.GetMethodDefinition(accessors.Setter);
            var getAccess = getter is { } g ? Access(g.Attributes) : null;
            var setAccess = setter is { } s ? Access(s.Attributes) : null;
            if (getAccess is null && setAccess is null) continue;
            var name = reader.GetString(property.Name);
            if (name.Contains('<') || name.Contains('.')) continue;
            var signature = property.DecodeSignature(TypeNames.Instance, null);
            var anyAccessor = (getter ?? setter)!.Value;
            var isStatic = (anyAccessor.Attributes & MethodAttributes.Static) != 0;
            var flags = (isStatic ? "s" : "") + (getAccess is not null ? "g" : "") + (setAccess is not null ? "w" : "")
                + (getAccess != "" && setAccess != "" ? "p" : "");
            var indexParameters = getter is { } gm
                ? ParameterTexts(reader, gm.GetParameters(), signature.ParameterTypes)
                : signature.ParameterTypes.Select((t, i) => $"{t} p{i}").ToList();
            entry.AddMember(string.Join('\t', ["P", flags, name, StripByRef(signature.ReturnType), .. indexParameters]), sourceBit);
        }
    }

    static void ReadFields(MetadataReader reader, TypeDefinition type, TypeEntry entry, int sourceBit)
    {
        // An enum's values are its fields; the analysis asks for no enum member, so they stay out.
        if (entry.Kind == TypeKind.Enum) return;
        foreach (var handle in type.GetFields())
        {
            var field = reader.GetFieldDefinition(handle);
            var access = (field.Attributes & FieldAttributes.FieldAccessMask) switch
            {
                FieldAttributes.Public => "",
                FieldAttributes.Family or FieldAttributes.FamORAssem => "p",
                _ => null,
            };
            if (access is null) continue;
            var name = reader.GetString(field.Name);
            if (name.Contains('<')) continue;
            var flags = ((field.Attributes & FieldAttributes.Literal) != 0 ? "c" : (field.Attributes & FieldAttributes.Static) != 0 ? "s" : "")
                + ((field.Attributes & FieldAttributes.InitOnly) != 0 ? "r" : "") + access;
            entry.AddMember(string.Join('\t', "F", flags, name, field.DecodeSignature(TypeNames.Instance, null)), sourceBit);
        }
    }

    /// <summary>Each parameter as `[ref |out |in |ref readonly |params ]type name[=]`, the `=` marking an optional one.</summary>
    static List<string> ParameterTexts(MetadataReader reader, ParameterHandleCollection handles, IReadOnlyList<string> types)
    {
        var bySequence = new Dictionary<int, Parameter>();
        foreach (var h in handles)
        {
            var p = reader.GetParameter(h);
            bySequence[p.SequenceNumber] = p;
        }
        var texts = new List<string>(types.Count);
        for (var i = 0; i < types.Count; i++)
        {
            var type = types[i];
            var has = bySequence.TryGetValue(i + 1, out var p);
            var name = has ? reader.GetString(p.Name) : "";
            if (name.Length == 0) name = $"arg{i}";
            var prefix = "";
            if (type.EndsWith('&'))
            {
                type = type[..^1];
                var attributes = has ? p.Attributes : default;
                prefix = has && HasAttribute(reader, p.GetCustomAttributes(), IsReadOnlyAttribute) ? "in "
                    : has && HasAttribute(reader, p.GetCustomAttributes(), RequiresLocationAttribute) ? "ref readonly "
                    : (attributes & ParameterAttributes.Out) != 0 && (attributes & ParameterAttributes.In) == 0 ? "out "
                    : "ref ";
            }
            else if (has && (HasAttribute(reader, p.GetCustomAttributes(), ParamArrayAttribute) || HasAttribute(reader, p.GetCustomAttributes(), ParamCollectionAttribute)))
            {
                prefix = "params ";
            }
            var optional = has && (p.Attributes & (ParameterAttributes.Optional | ParameterAttributes.HasDefault)) != 0 ? "=" : "";
            texts.Add($"{prefix}{type} {name}{optional}");
        }
        return texts;
    }

    /// <summary>`T` or `T:constraint;constraint` with `class`, `struct` and `new` for the special constraints.</summary>
    static string GenericParameterText(MetadataReader reader, GenericParameterHandle handle)
    {
        var parameter = reader.GetGenericParameter(handle);
        var constraints = new List<string>();
        var special = parameter.Attributes & GenericParameterAttributes.SpecialConstraintMask;
        if ((special & GenericParameterAttributes.NotNullableValueTypeConstraint) != 0) constraints.Add("struct");
        else if ((special & GenericParameterAttributes.ReferenceTypeConstraint) != 0) constraints.Add("class");
        foreach (var c in parameter.GetConstraints())
        {
            var type = TypeNames.OfHandle(reader, reader.GetGenericParameterConstraint(c).Type);
            if (type != "System.ValueType") constraints.Add(type);
        }
        if ((special & GenericParameterAttributes.DefaultConstructorConstraint) != 0 && !constraints.Contains("struct")) constraints.Add("new");
        var name = reader.GetString(parameter.Name);
        return constraints.Count == 0 ? name : $"{name}:{string.Join(";", constraints)}";
    }

    static string StripByRef(string type) => type.EndsWith('&') ? type[..^1] : type;

    static bool HasAttribute(MetadataReader reader, CustomAttributeHandleCollection attributes, string fullName)
    {
        foreach (var a in attributes)
        {
            if (TypeNames.AttributeTypeName(reader, a) == fullName) return true;
        }
        return false;
    }
}
