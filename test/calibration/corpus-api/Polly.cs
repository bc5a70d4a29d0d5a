// Methods that run work through Polly: v8 resilience pipelines (ValueTask-based) and a v7 retry policy (Task-based).
namespace Calibration;

using System.Threading;
using System.Threading.Tasks;
using Polly;

public static class PollyEntries
{
    // Probe: ResiliencePipeline.ExecuteAsync over a non-async callback: a ValueTask<int> awaited, the result plus one returned.
    [Probe(Paths.Sync | Paths.Suspend, Args = "ApiSources.Pipeline, default", Baseline = nameof(ExecuteValue_Calls))]
    public static async Task<int> Polly_ExecuteValue(ResiliencePipeline pipeline, CancellationToken ct)
    {
        int value = await pipeline.ExecuteAsync(static token => Src.ValueTaskInt, ct);
        return value + 1;
    }

    public static ValueTask<int> ExecuteValue_Calls(ResiliencePipeline pipeline, CancellationToken ct) => pipeline.ExecuteAsync(static token => Src.ValueTaskInt, ct);

    // Probe: ResiliencePipeline.ExecuteAsync with a callback returning a plain ValueTask, in an async ValueTask method.
    [Probe(Paths.Sync | Paths.Suspend, Args = "ApiSources.Pipeline", Baseline = nameof(ExecuteVoid_Calls))]
    public static async ValueTask Polly_ExecuteVoid(ResiliencePipeline pipeline)
    {
        await pipeline.ExecuteAsync(static token => Src.ValueTask);
    }

    public static ValueTask ExecuteVoid_Calls(ResiliencePipeline pipeline) => pipeline.ExecuteAsync(static token => Src.ValueTask);

    // Probe: an async lambda passed to ResiliencePipeline.ExecuteAsync: its builder (ValueTask<int>) comes from Polly's delegate type.
    [Probe(Paths.Sync | Paths.Suspend, Args = "ApiSources.Pipeline, default", Baseline = nameof(AsyncCallback_Calls))]
    public static ValueTask<int> Polly_AsyncCallback(ResiliencePipeline pipeline, CancellationToken ct) => pipeline.ExecuteAsync(static async token => { int n = await Src.ValueTaskInt; return n + 1; }, ct);

    public static ValueTask<int> AsyncCallback_Calls(ResiliencePipeline pipeline, CancellationToken ct) => pipeline.ExecuteAsync(static token => Src.ValueTaskInt, ct);

    // Probe: a Polly v7 AsyncPolicy.ExecuteAsync over a Task<int>: a TaskAwaiter<int>, the result returned.
    [Probe(Paths.Sync | Paths.Suspend, Args = "ApiSources.RetryPolicy", Baseline = nameof(RetryExecute_Calls))]
    public static async Task<int> Polly_RetryExecute(AsyncPolicy policy)
    {
        int value = await policy.ExecuteAsync(static () => Src.TaskInt);
        return value;
    }

    public static Task<int> RetryExecute_Calls(AsyncPolicy policy) => policy.ExecuteAsync(static () => Src.TaskInt);
}
