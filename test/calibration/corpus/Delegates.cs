// Corpus entries for delegates: awaiting what a delegate returns (its declared return type decides the awaiter), and
// the closures and delegates an async method or a wrapper creates on each call.
namespace Calibration;

using System;
using System.Runtime.CompilerServices;
using System.Threading.Tasks;

/// <summary>A declared delegate type returning ValueTask&lt;decimal&gt;.</summary>
public delegate ValueTask<decimal> DecimalFetcher();

/// <summary>A declared delegate type with a parameter, returning Task&lt;string&gt;.</summary>
public delegate Task<string> StringFetcher(int id);

/// <summary>Delegates over the harness's sources: invoking them allocates nothing.</summary>
public static class DelegateSources
{
    public static readonly Func<int, ValueTask<long>> LongById = static _ => Src.ValueTaskLong;
    public static readonly Func<ValueTask<int>> IntFetch = static () => Src.ValueTaskInt;
    public static readonly DecimalFetcher Decimal = static () => Src.ValueTaskDecimal;
    public static readonly StringFetcher String = static _ => Src.TaskString;
    public static readonly Func<Task<decimal>> TaskDecimal = static () => Src.TaskDecimal;

    /// <summary>Takes a delegate and calls it; never inlined, so the delegate escapes the caller.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static int Apply(Func<int> f) => f();

    /// <summary>Takes an async delegate and calls it; never inlined, so the delegate escapes the caller.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static Task Run(Func<Task> f) => f();

    public static int StaticValue() => 7;
}

public static class Delegates
{
    // Probe: awaiting a Func<int, ValueTask<long>> parameter's result: ValueTaskAwaiter<long> (24 B), not a TaskAwaiter.
    [Probe(Paths.Sync | Paths.Suspend, Args = "DelegateSources.LongById")]
    public static async Task Delegate_AwaitFuncParameterValueTaskLong(Func<int, ValueTask<long>> fetch) { Sink.Long = await fetch(1); }

    // Probe: awaiting a static Func<ValueTask<int>> field's result: ValueTaskAwaiter<int> (16 B).
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Delegate_AwaitStaticFieldFuncValueTaskInt() { Sink.Int = await DelegateSources.IntFetch(); }

    // Probe: awaiting a declared delegate type's result (ValueTask<decimal>): ValueTaskAwaiter<decimal> (32 B).
    [Probe(Paths.Sync | Paths.Suspend, Args = "DelegateSources.Decimal")]
    public static async Task Delegate_AwaitDeclaredDelegateDecimal(DecimalFetcher fetch) { Sink.Decimal = await fetch(); }

    // Probe: awaiting `fetch.Invoke(1)` on a declared delegate returning Task<string>.
    [Probe(Paths.Sync | Paths.Suspend, Args = "DelegateSources.String")]
    public static async Task Delegate_AwaitInvokeForm(StringFetcher fetch) { Sink.String = await fetch.Invoke(1); }

    // Probe: `var d = await fetch()` over Func<Task<decimal>>: d is a 16 B decimal live across the next await.
    [Probe(Paths.Sync | Paths.Suspend, Args = "DelegateSources.TaskDecimal")]
    public static async Task Delegate_VarFromFuncLiveAcrossAwait(Func<Task<decimal>> fetch) { var d = await fetch(); await Src.Task; Sink.Decimal = d; }

    // Probe: a lambda capturing a local, invoked before the await: a closure, and a delegate that never escapes.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Closure_LambdaInvokedBeforeAwait() { int x = Src.Seed; Func<int> f = () => x; Sink.Int = f(); await Src.Task; }

    // Probe: a lambda capturing a local, invoked after the await: the delegate lives in the state machine.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Closure_LambdaInvokedAfterAwait() { int x = Src.Seed; Func<int> f = () => x; await Src.Task; Sink.Int = f(); }

    // Probe: a lambda capturing a local, passed to a method that is never inlined: the delegate escapes.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Closure_LambdaPassedToMethod() { int x = Src.Seed; Sink.Int = DelegateSources.Apply(() => x); await Src.Task; }

    // Probe: a lambda capturing a parameter: the closure is made at the start of the method.
    [Probe(Paths.Sync | Paths.Suspend, Args = "1000")]
    public static async Task Closure_LambdaCapturingParameter(int p) { Func<int> f = () => p; Sink.Int = f(); await Src.Task; }

    // Probe: two lambdas capturing locals of one scope: one closure object, two delegates.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Closure_TwoLambdasOneScope() { int x = Src.Seed; long y = Src.LongResult; Func<int> f = () => x; Func<long> g = () => y + x; Sink.Int = f(); Sink.Long = g(); await Src.Task; }

    // Probe: a local function capturing a local, called directly: its closure is a struct, nothing is allocated.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Closure_LocalFunctionCalledDirectly() { int x = Src.Seed; int Local() => x + 1; Sink.Int = Local(); await Src.Task; }

    // Probe: a local function capturing a local, converted to a delegate: a closure object and a delegate.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Closure_LocalFunctionAsDelegate() { int x = Src.Seed; int Local() => x + 1; Sink.Int = DelegateSources.Apply(Local); await Src.Task; }

    // Probe: a static lambda: its delegate is cached in a static field, nothing is allocated per call.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Closure_StaticLambda() { Func<int> f = static () => 3; Sink.Int = f(); await Src.Task; }

    // Probe: a non-capturing lambda passed as an argument: cached, nothing per call.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Closure_NonCapturingLambdaArgument() { Sink.Int = DelegateSources.Apply(() => 3); await Src.Task; }

    // Probe: a static method group converted to a delegate: cached since C# 11, nothing per call.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Closure_StaticMethodGroup() { Sink.Int = DelegateSources.Apply(DelegateSources.StaticValue); await Src.Task; }

    // Probe: non-async wrapper making an async lambda that captures a parameter: closure + delegate per call.
    [Probe(Paths.Sync | Paths.Suspend, Args = "1000")]
    public static Task Wrapper_AsyncLambdaCapturingParameter(int p)
    {
        Func<Task> lambda = async () => { await Src.Task; Sink.Int = p; };
        return lambda();
    }

    // Probe: non-async wrapper passing an async lambda that captures a local to a method never inlined: the delegate escapes.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static Task Wrapper_AsyncLambdaPassedToMethod()
    {
        int captured = Src.Seed;
        return DelegateSources.Run(async () => { await Src.Task; Sink.Int = captured; });
    }
}

/// <summary>Instance methods whose lambdas capture only `this`: no closure object, a delegate bound to the instance.</summary>
public sealed class DelegateOwner
{
    readonly Func<ValueTask<string>> _fetch = static () => new ValueTask<string>(Src.TaskString);
    int _value = 5;

    int Value() => _value;

    // Probe: awaiting an instance field of type Func<ValueTask<string>>: ValueTaskAwaiter<string> (24 B) and `this`.
    [Probe(Paths.Sync | Paths.Suspend)]
    public async Task Delegate_AwaitInstanceFieldFunc() { Sink.String = await _fetch(); }

    // Probe: a lambda reading a field, invoked before the await: a delegate bound to `this`, no closure object.
    [Probe(Paths.Sync | Paths.Suspend)]
    public async Task Closure_LambdaCapturingThisOnly() { Func<int> f = () => _value; Sink.Int = f(); await Src.Task; }

    // Probe: an instance method group passed to a method never inlined: a delegate per call.
    [Probe(Paths.Sync | Paths.Suspend)]
    public async Task Closure_InstanceMethodGroup() { Sink.Int = DelegateSources.Apply(Value); await Src.Task; }
}
