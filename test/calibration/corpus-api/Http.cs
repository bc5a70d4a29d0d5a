// Methods that call HttpClient, as a typed client or a service would. The transport is FakeHttpHandler.
namespace Calibration;

using System;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;

public static class HttpEntries
{
    // Probe: GetStringAsync awaited for its Task<string>; the length (an int outside the cached range) is returned.
    [Probe(Paths.Sync | Paths.Suspend, Args = "ApiSources.Http, \"items/1\"", Baseline = nameof(GetStringLength_Calls))]
    public static async Task<int> Http_GetStringLength(HttpClient http, string url)
    {
        string body = await http.GetStringAsync(url);
        return body.Length;
    }

    public static Task<string> GetStringLength_Calls(HttpClient http, string url) => http.GetStringAsync(url);

    // Probe: GetAsync(Uri, CancellationToken) in a `using` declaration; the status code (200) is returned, not cached.
    [Probe(Paths.Sync | Paths.Suspend, Args = "ApiSources.Http, ApiSources.ItemUri, default", Baseline = nameof(GetStatusCode_Calls))]
    public static async Task<int> Http_GetStatusCode(HttpClient http, Uri uri, CancellationToken ct)
    {
        using HttpResponseMessage response = await http.GetAsync(uri, ct);
        return (int)response.StatusCode;
    }

    public static Task<HttpResponseMessage> GetStatusCode_Calls(HttpClient http, Uri uri, CancellationToken ct) => http.GetAsync(uri, ct);

    // Probe: GetAsync with ResponseHeadersRead and ConfigureAwait(false): a ConfiguredTaskAwaiter<HttpResponseMessage>; a bool result.
    [Probe(Paths.Sync | Paths.Suspend, Args = "ApiSources.Http, \"items/2\"", Baseline = nameof(GetConfigured_Calls))]
    public static async Task<bool> Http_GetConfigured(HttpClient http, string url)
    {
        using var response = await http.GetAsync(url, HttpCompletionOption.ResponseHeadersRead).ConfigureAwait(false);
        return response.IsSuccessStatusCode;
    }

    public static Task<HttpResponseMessage> GetConfigured_Calls(HttpClient http, string url) => http.GetAsync(url, HttpCompletionOption.ResponseHeadersRead);

    // Probe: two GetByteArrayAsync calls in a row: the first array is kept across the second await.
    [Probe(Paths.Sync | Paths.Suspend, Args = "ApiSources.Http, \"items/1\", \"items/2\"", Baseline = nameof(GetTwoArrays_Calls))]
    public static async Task<int> Http_GetTwoArrays(HttpClient http, string first, string second)
    {
        var a = await http.GetByteArrayAsync(first);
        var b = await http.GetByteArrayAsync(second);
        return a.Length + b.Length;
    }

    public static Task<byte[]> GetTwoArrays_Calls(HttpClient http, string first, string second)
    {
        _ = http.GetByteArrayAsync(first);
        return http.GetByteArrayAsync(second);
    }
}
