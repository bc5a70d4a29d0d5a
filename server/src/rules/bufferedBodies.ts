/**
 * Whether a stream is an HTTP response body that HttpClient has already read into memory. `HttpClient.GetAsync`,
 * `SendAsync`, `PostAsync`, `PutAsync`, `PatchAsync` and `DeleteAsync` complete, by default
 * (`HttpCompletionOption.ResponseContentRead`), only once the whole body is buffered, so the stream
 * `response.Content.ReadAsStreamAsync()` then gives reads from memory: a synchronous `JsonSerializer.Deserialize(stream)`
 * or `stream.CopyTo(...)` over it waits on no I/O, and ASY002's advice to await a twin gains nothing. The stream is
 * followed through locals and through workspace methods that return it, an interface's or virtual member's every
 * implementation included where the workspace knows them all (the fifth and sixth seeded readings' class F: a download
 * service returns the buffered body of a `GetAsync`, and a package installer deserialises it; StabilityMatrix's
 * service is a public interface, which resolveCallSite leaves open, so that row is still reported).
 * `HttpCompletionOption.ResponseHeadersRead` anywhere in the request's call, `GetStreamAsync` (which reads headers
 * only) and any source that cannot be followed keep the finding.
 * Source: https://learn.microsoft.com/dotnet/api/system.net.http.httpcompletionoption (ResponseContentRead: "the
 * operation should complete after reading the entire response including the content").
 */
import type { MethodBody } from '../model/types';
import { sourceSitesAt, usingDeclared, valueSourceSitesOf, type SourceSite } from './streamSources';
import type { RuleContext } from './types';

/** `response.Content.ReadAsStreamAsync(...)` (or `ReadAsStream()`): the body of the response named before `.Content`. */
const BODY_STREAM = /^([^]+?)\s*\.\s*Content\s*\.\s*ReadAsStream(?:Async)?\s*\([^()]*\)$/;

/** An HttpClient request method that buffers the body unless told otherwise, as the call is written: `client.GetAsync(url, ct)`. */
const BUFFERING_REQUEST = /^[^]+?\s*\.\s*(?:Get|Send|Post|Put|Patch|Delete)Async\s*\(([^]*)\)$/;

/** Whether every value `stream` (as written in `body`) can hold is the body of a response HttpClient buffered. */
export function readsBufferedHttpBody(ctx: RuleContext, body: MethodBody, stream: string): boolean {
  // Through an interface too: a service whose every implementation returns a buffered body hands one back whichever runs.
  const sites = valueSourceSitesOf(ctx, body, stream.trim(), true);
  return sites !== null && sites.length > 0 && sites.every((site) => isBufferedBody(ctx, site));
}

function isBufferedBody(ctx: RuleContext, site: SourceSite): boolean {
  const response = BODY_STREAM.exec(site.text)?.[1];
  if (response === undefined) return false;
  const requests = sourceSitesAt(ctx, site, response)?.map((r) => r.text) ?? usingDeclared(site.body, response);
  return requests !== null && requests.length > 0 && requests.every((text) => {
    const request = BUFFERING_REQUEST.exec(text);
    return request !== null && !/\bResponseHeadersRead\b/.test(request[1]);
  });
}

