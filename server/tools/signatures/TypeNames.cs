// Turns metadata type signatures into the database's type text: metadata names with their arity
// (`System.Threading.Tasks.Task`1<int>`), `/` between a nested type and its declaring type, `!N` and `!!N`
// for the type's and the method's generic parameters, C# keywords for the primitive types, and the suffixes
// `[]`, `[,]`, `*` and `&`. The TypeScript reader (server/src/signatures/typeText.ts) parses exactly this.
using System.Collections.Immutable;
using System.Reflection.Metadata;

namespace AsyncLens.Signatures;

sealed class TypeNames : ISignatureTypeProvider<string, object?>
{
    public static readonly TypeNames Instance = new();

    static readonly Dictionary<string, string> Keywords = new()
    {
        ["System.Void"] = "void", ["System.Boolean"] = "bool", ["System.Char"] = "char",
        ["System.SByte"] = "sbyte", ["System.Byte"] = "byte", ["System.Int16"] = "short", ["System.UInt16"] = "ushort",
        ["System.Int32"] = "int", ["System.UInt32"] = "uint", ["System.Int64"] = "long", ["System.UInt64"] = "ulong",
        ["System.Single"] = "float", ["System.Double"] = "double", ["System.Decimal"] = "decimal",
        ["System.String"] = "string", ["System.Object"] = "object", ["System.IntPtr"] = "nint", ["System.UIntPtr"] = "nuint",
    };

    public static string Keyword(string fullName) => Keywords.TryGetValue(fullName, out var k) ? k : fullName;

    public string GetPrimitiveType(PrimitiveTypeCode typeCode) => typeCode switch
    {
        PrimitiveTypeCode.Void => "void",
        PrimitiveTypeCode.Boolean => "bool",
        PrimitiveTypeCode.Char => "char",
        PrimitiveTypeCode.SByte => "sbyte",
        PrimitiveTypeCode.Byte => "byte",
        PrimitiveTypeCode.Int16 => "short",
        PrimitiveTypeCode.UInt16 => "ushort",
        PrimitiveTypeCode.Int32 => "int",
        PrimitiveTypeCode.UInt32 => "uint",
        PrimitiveTypeCode.Int64 => "long",
        PrimitiveTypeCode.UInt64 => "ulong",
        PrimitiveTypeCode.Single => "float",
        PrimitiveTypeCode.Double => "double",
        PrimitiveTypeCode.String => "string",
        PrimitiveTypeCode.Object => "object",
        PrimitiveTypeCode.IntPtr => "nint",
        PrimitiveTypeCode.UIntPtr => "nuint",
        PrimitiveTypeCode.TypedReference => "System.TypedReference",
        _ => throw new ToolException($"unknown primitive type code {typeCode}"),
    };

    public string GetTypeFromDefinition(MetadataReader reader, TypeDefinitionHandle handle, byte rawTypeKind) => Keyword(FullName(reader, handle));

    public string GetTypeFromReference(MetadataReader reader, TypeReferenceHandle handle, byte rawTypeKind) => Keyword(FullName(reader, handle));

    public string GetTypeFromSpecification(MetadataReader reader, object? genericContext, TypeSpecificationHandle handle, byte rawTypeKind) =>
        reader.GetTypeSpecification(handle).DecodeSignature(this, genericContext);

    public string GetSZArrayType(string elementType) => elementType + "[]";

    public string GetArrayType(string elementType, ArrayShape shape) => $"{elementType}[{new string(',', shape.Rank - 1)}]";

    public string GetByReferenceType(string elementType) => elementType + "&";

    public string GetPointerType(string elementType) => elementType + "*";

    public string GetGenericInstantiation(string genericType, ImmutableArray<string> typeArguments) => $"{genericType}<{string.Join(",", typeArguments)}>";

    public string GetGenericTypeParameter(object? genericContext, int index) => $"!{index}";

    public string GetGenericMethodParameter(object? genericContext, int index) => $"!!{index}";

    // Function pointers never reach async code the analysis types; one opaque name keeps them parseable.
    public string GetFunctionPointerType(MethodSignature<string> signature) => "fnptr";

    // Modifiers (modreq(InAttribute), modopt(IsVolatile)) say nothing about the type an expression has; `in`
    // parameters are told apart by their IsReadOnly attribute instead.
    public string GetModifiedType(string modifier, string unmodifiedType, bool isRequired) => unmodifiedType;

    public string GetPinnedType(string elementType) => elementType;

    public static string FullName(MetadataReader reader, TypeDefinitionHandle handle)
    {
        var type = reader.GetTypeDefinition(handle);
        var name = reader.GetString(type.Name);
        var declaring = type.GetDeclaringType();
        if (!declaring.IsNil) return $"{FullName(reader, declaring)}/{name}";
        var ns = reader.GetString(type.Namespace);
        return ns.Length == 0 ? name : $"{ns}.{name}";
    }

    public static string FullName(MetadataReader reader, TypeReferenceHandle handle)
    {
        var type = reader.GetTypeReference(handle);
        var name = reader.GetString(type.Name);
        if (type.ResolutionScope.Kind == HandleKind.TypeReference) return $"{FullName(reader, (TypeReferenceHandle)type.ResolutionScope)}/{name}";
        var ns = reader.GetString(type.Namespace);
        return ns.Length == 0 ? name : $"{ns}.{name}";
    }

    /// <summary>The type text of a base type or interface handle (a definition, a reference or an instantiation).</summary>
    public static string OfHandle(MetadataReader reader, EntityHandle handle) => handle.Kind switch
    {
        HandleKind.TypeDefinition => Instance.GetTypeFromDefinition(reader, (TypeDefinitionHandle)handle, 0),
        HandleKind.TypeReference => Instance.GetTypeFromReference(reader, (TypeReferenceHandle)handle, 0),
        HandleKind.TypeSpecification => Instance.GetTypeFromSpecification(reader, null, (TypeSpecificationHandle)handle, 0),
        _ => throw new ToolException($"unexpected type handle kind {handle.Kind}"),
    };

    /// <summary>The full name of the type that declares a custom attribute's constructor.</summary>
    public static string AttributeTypeName(MetadataReader reader, CustomAttributeHandle handle)
    {
        var attribute = reader.GetCustomAttribute(handle);
        EntityHandle type = attribute.Constructor.Kind switch
        {
            HandleKind.MethodDefinition => reader.GetMethodDefinition((MethodDefinitionHandle)attribute.Constructor).GetDeclaringType(),
            HandleKind.MemberReference => reader.GetMemberReference((MemberReferenceHandle)attribute.Constructor).Parent,
            _ => default,
        };
        return type.Kind switch
        {
            HandleKind.TypeDefinition => FullName(reader, (TypeDefinitionHandle)type),
            HandleKind.TypeReference => FullName(reader, (TypeReferenceHandle)type),
            _ => "",
        };
    }
}
