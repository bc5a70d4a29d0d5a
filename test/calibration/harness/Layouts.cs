// Prints the compiler-generated state machine of every corpus entry: its fields and its size, as a Markdown table.
namespace Calibration.Harness;

using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Text;

/// <summary>
/// The measured bytes say how big a box is; this says why, by listing the fields Roslyn gave each state machine.
/// A struct state machine's size is Unsafe.SizeOf (the box adds Task&lt;TResult&gt; to it); a class state machine
/// (async iterators) is sized by allocating one uninitialized instance and counting the bytes, header included.
/// </summary>
public static class Layouts
{
    const BindingFlags Everything = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static | BindingFlags.Instance | BindingFlags.DeclaredOnly;

    public static string Render(IEnumerable<Entry> entries)
    {
        var text = new StringBuilder();
        text.Append("| entry | state machine | bytes | fields |\n|---|---|---|---|\n");
        foreach (var entry in entries)
        {
            foreach (var machine in StateMachinesOf(entry))
            {
                string fields = string.Join(", ", machine.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic)
                    .Select(f => $"`{f.Name}` {TypeName(f.FieldType)}"));
                string size = machine.IsValueType ? $"{SizeOf(machine)} (struct)" : $"{ObjectSize(machine)} (class, with header)";
                text.Append($"| `{entry.Name}` | `{machine.Name}` | {size} | {fields.Replace("|", "\\|")} |\n");
            }
        }
        return text.ToString();
    }

    /// <summary>The state machine types behind an entry: its own, or those of the lambdas and local functions it calls.</summary>
    static IEnumerable<Type> StateMachinesOf(Entry entry)
    {
        var type = typeof(Src).Assembly.GetType("Calibration." + entry.Class, throwOnError: true)!;
        MethodInfo? method = type.GetMethod(entry.Name, Everything);
        if (method is null)
        {
            var field = type.GetField(entry.Name, Everything) ?? throw new InvalidOperationException($"no member {entry.Name} on {type}");
            method = ((Delegate)field.GetValue(null)!).Method;
        }
        var own = StateMachineOf(method);
        if (own is not null) return new[] { own };
        // A non-async wrapper: the async code is a local function (<Name>g__...) or a lambda (<Name>b__...) it declares.
        return type.GetMethods(Everything)
            .Concat(type.GetNestedTypes(BindingFlags.NonPublic).SelectMany(n => n.GetMethods(Everything)))
            .Where(m => m.Name.StartsWith("<" + entry.Name + ">", StringComparison.Ordinal))
            .Select(StateMachineOf)
            .OfType<Type>()
            .ToArray();
    }

    static Type? StateMachineOf(MethodInfo method) => method.GetCustomAttribute<StateMachineAttribute>()?.StateMachineType;

    static int SizeOf(Type type) =>
        (int)typeof(Unsafe).GetMethod(nameof(Unsafe.SizeOf))!.MakeGenericMethod(type).Invoke(null, null)!;

    static long ObjectSize(Type type)
    {
        RuntimeHelpers.GetUninitializedObject(type);
        long before = GC.GetAllocatedBytesForCurrentThread();
        var instance = RuntimeHelpers.GetUninitializedObject(type);
        long size = GC.GetAllocatedBytesForCurrentThread() - before;
        GC.KeepAlive(instance);
        return size;
    }

    static string StripArity(string name) => name.Contains('`') ? name[..name.IndexOf('`')] : name;

    static string TypeName(Type type)
    {
        if (type.IsGenericType)
        {
            string name = StripArity(type.Name);
            if (type.IsNested && type.DeclaringType is { } outer) name = StripArity(outer.Name) + "." + name;
            return $"{name}<{string.Join(",", type.GetGenericArguments().Select(TypeName))}>";
        }
        return type.IsNested && !type.Name.StartsWith('<') ? $"{type.DeclaringType!.Name}.{type.Name}" : type.Name;
    }
}
