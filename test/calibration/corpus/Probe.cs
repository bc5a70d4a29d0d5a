// The attribute that marks a corpus member as a calibration entry and tells the harness which paths it has.
namespace Calibration;

using System;

/// <summary>Which execution paths of an entry the harness measures.</summary>
[Flags]
public enum Paths
{
    /// <summary>Every awaited operation is already complete, so the method runs to completion inside the call.</summary>
    Sync = 1,

    /// <summary>The first await sees a pending Src source; the harness completes it on the calling thread, so the
    /// continuation runs inline and every byte is allocated on the measuring thread.</summary>
    Suspend = 2,

    /// <summary>The method suspends on something the harness cannot complete inline (Task.Yield, Task.Run, Task.Delay):
    /// the continuation runs on a thread-pool thread, so the harness counts the bytes of the whole process.</summary>
    SuspendOnPool = 4,
}

/// <summary>Marks a method (or a static delegate field holding an async lambda) as a calibration entry.
/// The member's name is the entry id, so it must be unique across the corpus.</summary>
[AttributeUsage(AttributeTargets.Method | AttributeTargets.Field, AllowMultiple = false)]
public sealed class ProbeAttribute : Attribute
{
    public ProbeAttribute(Paths paths) => PathsMeasured = paths;

    public Paths PathsMeasured { get; }

    /// <summary>The C# argument list the harness passes; when null every parameter gets <c>default</c>.</summary>
    public string? Args { get; set; }

    /// <summary>True when one call takes milliseconds (a real timer): the harness makes a tenth of the calls.</summary>
    public bool Slow { get; set; }

    /// <summary>
    /// For an entry that calls library APIs: a non-async static method of the same type, taking the same arguments,
    /// that makes the same API calls and returns the last one's task without awaiting. The harness measures it the
    /// same way and reports the entry's bytes minus its bytes: what the method's own async machinery allocates,
    /// without what the library allocates inside its calls.
    /// </summary>
    public string? Baseline { get; set; }
}
