// The type text of a struct's instance field for its layout (`I` lines). A field of a type its assembly keeps
// internal cannot be named in the database, yet the struct's size depends on it: an internal enum is written as its
// underlying primitive, an internal class, interface or delegate as `object` (a reference is 8 bytes whatever it
// is). Internal structs keep their name; the reader cannot size them and says so.
using System.Collections.Immutable;
using System.Reflection;
using System.Reflection.Metadata;

namespace AsyncLens.Signatures;

sealed class LayoutTypeNames : ISignatureTypeProvider<string, object?>
{
    public static readonly LayoutTypeNames Instance = new();
    static readonly TypeNames Names = TypeNames.Instance;

    public string GetTypeFromDefinition(MetadataReader reader, TypeDefinitionHandle handle, byte rawTypeKind)
    {
        var type = reader.GetTypeDefinition(handle);
        if (IsVisible(reader, type)) return Names.GetTypeFromDefinition(reader, handle, rawTypeKind);
        var baseType = type.BaseType.IsNil ? null : TypeNames.OfHandle(reader, type.BaseType);
        if (baseType == "System.Enum")
        {
            // An enum's one instance field, value__, has the underlying type.
            var value = type.GetFields().Select(reader.GetFieldDefinition).FirstOrDefault(f => (f.Attributes & FieldAttributes.Static) == 0);
            return value.Equals(default(FieldDefinition)) ? "int" : value.DecodeSignature(Names, null);
        }
        if (baseType != "System.ValueType" && (rawTypeKind != (byte)SignatureTypeKind.ValueType)) return "object";
        return Names.GetTypeFromDefinition(reader, handle, rawTypeKind);
    }

    static bool IsVisible(MetadataReader reader, TypeDefinition type)
    {
        var visibility = type.Attributes & TypeAttributes.VisibilityMask;
        if (visibility == TypeAttributes.Public) return true;
        if (visibility != TypeAttributes.NestedPublic) return false;
        return IsVisible(reader, reader.GetTypeDefinition(type.GetDeclaringType()));
    }

    public string GetPrimitiveType(PrimitiveTypeCode typeCode) => Names.GetPrimitiveType(typeCode);
    public string GetTypeFromReference(MetadataReader reader, TypeReferenceHandle handle, byte rawTypeKind) => Names.GetTypeFromReference(reader, handle, rawTypeKind);
    public string GetTypeFromSpecification(MetadataReader reader, object? genericContext, TypeSpecificationHandle handle, byte rawTypeKind) =>
        reader.GetTypeSpecification(handle).DecodeSignature(this, genericContext);
    public string GetSZArrayType(string elementType) => Names.GetSZArrayType(elementType);
    public string GetArrayType(string elementType, ArrayShape shape) => Names.GetArrayType(elementType, shape);
    public string GetByReferenceType(string elementType) => Names.GetByReferenceType(elementType);
    public string GetPointerType(string elementType) => Names.GetPointerType(elementType);
    public string GetGenericInstantiation(string genericType, ImmutableArray<string> typeArguments) => Names.GetGenericInstantiation(genericType, typeArguments);
    public string GetGenericTypeParameter(object? genericContext, int index) => Names.GetGenericTypeParameter(genericContext, index);
    public string GetGenericMethodParameter(object? genericContext, int index) => Names.GetGenericMethodParameter(genericContext, index);
    public string GetFunctionPointerType(MethodSignature<string> signature) => Names.GetFunctionPointerType(signature);
    public string GetModifiedType(string modifier, string unmodifiedType, bool isRequired) => unmodifiedType;
    public string GetPinnedType(string elementType) => elementType;
}
