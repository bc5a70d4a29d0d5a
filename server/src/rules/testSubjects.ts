/**
 * What a test is about, read from its name: a test named after a synchronous method in the unit-of-work style
 * (`Poll_Should_handle_null` for `Poll()`, `GetStream_seek` for `GetStream()`, or just `Commit`) or after the
 * synchronous path (`Should_return_configuration_sync`) calls that method on purpose. Awaiting the asynchronous twin
 * instead would test another method and leave this one untested, so the blocking rules do not ask for it.
 */
import type { MethodBody } from '../model/types';
import { bodyChain } from '../model/bodies';
import { harnessAttributeOf } from '../project/testCode';
import type { RuleContext } from './types';

/** Words that say a test is about the synchronous path as a whole. */
const SYNC_WORDS: ReadonlySet<string> = new Set(['sync', 'synchronous', 'synchronously']);

/** A name's words, lower-cased: split at underscores, digits and the start of each capitalised word (`GetHTTPStatus_sync` -> get, http, status, sync). */
export function nameWords(name: string): string[] {
  return name
    .split(/[_\d]+/)
    .flatMap((part) => part.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+/g) ?? [])
    .map((w) => w.toLowerCase());
}

/**
 * Whether the test around `body` (the method itself, or the method a lambda or local function sits in, when it
 * carries a test attribute) names the synchronous call `callName` as its subject: the test's name is the call's name,
 * or starts with it and an underscore, written as the method is (the unit of work first, as in
 * `Poll_Should_handle_null`); or one of its words says sync. A name that only mentions the call's verb in passing
 * (`Can_read_two_documents` calling `Read()`) is not enough: the test may be about something else that reads.
 */
export function testExercisesSyncCall(ctx: RuleContext, body: MethodBody, callName: string): boolean {
  const test = bodyChain(body, ctx.model.bodies).find((b) => b.kind === 'method');
  if (!test || harnessAttributeOf(test.attributes) === null) return false;
  if (nameWords(test.name).some((w) => SYNC_WORDS.has(w))) return true;
  return test.name.split('_')[0] === callName;
}
