/**
 * Whether a console application's own code says it runs until it is stopped: it waits for Ctrl+C or for the process
 * to end, or it builds a host that serves until shutdown. Project properties cannot tell such a program from a
 * one-shot tool (an installer, a release script): both are an `OutputType Exe` with no UI framework, and a program
 * that serves through its own loop, a library's web host or a hand-rolled Ctrl+C wait needs no hosting package
 * (the sample workspace's order desk; YARP's standalone proxy, a plain-SDK Exe that calls
 * `WebApplication.CreateBuilder` through the ASP.NET Core framework its package brings). The project host reads the
 * `.cs` files at the top of the project's folder, where the templates put Program.cs, and hands their text here. Pure.
 */
import { maskCommentsAndStrings } from '../rules/sourceText';

/**
 * Calls and subscriptions that make a program run until stopped, each with what it says. The host builders are the
 * documented entry points of the generic host and of ASP.NET Core (learn.microsoft.com/dotnet/core/extensions/
 * generic-host, learn.microsoft.com/aspnet/core/fundamentals/minimal-apis/webapplication); `Console.CancelKeyPress`
 * is raised on Ctrl+C (learn.microsoft.com/dotnet/api/system.console.cancelkeypress), `AppDomain.ProcessExit` and
 * `AssemblyLoadContext.Unloading` when the process is asked to end (SIGTERM on Linux).
 */
const STOP_SIGNALS: readonly { pattern: RegExp; says: string }[] = [
  { pattern: /\bConsole\s*\.\s*CancelKeyPress\s*\+=/, says: 'subscribes Console.CancelKeyPress, so it runs until Ctrl+C' },
  { pattern: /\bProcessExit\s*\+=/, says: 'subscribes AppDomain.ProcessExit, so it runs until the process is stopped' },
  { pattern: /\bAssemblyLoadContext\s*\.\s*Default\s*\.\s*Unloading\s*\+=/, says: 'subscribes AssemblyLoadContext.Unloading, so it runs until the process is stopped' },
  { pattern: /\bWebApplication\s*\.\s*(?:CreateBuilder|CreateSlimBuilder|CreateEmptyBuilder|Create)\s*\(/, says: 'builds an ASP.NET Core WebApplication, which serves until shutdown' },
  { pattern: /\bWebHost\s*\.\s*CreateDefaultBuilder\s*\(|\bnew\s+WebHostBuilder\s*\(/, says: 'builds an ASP.NET Core web host, which serves until shutdown' },
  { pattern: /\bHost\s*\.\s*(?:CreateDefaultBuilder|CreateApplicationBuilder|CreateEmptyApplicationBuilder)\s*\(|\bnew\s+HostBuilder\s*\(/, says: 'builds a generic host, which runs until shutdown' },
];

/** A source file at the top of an application's folder, by name and text. */
export interface EntryFolderSource {
  name: string;
  text: string;
}

/**
 * Why the application runs until stopped (`Program.cs subscribes Console.CancelKeyPress, so it runs until Ctrl+C`),
 * or null when no file says so. Comments and literals are masked first (rules/sourceText.ts): a commented-out host
 * builder says nothing. Files are
 * read in name order so the reason does not depend on the folder listing's order.
 */
export function runsUntilStoppedReason(sources: readonly EntryFolderSource[]): string | null {
  for (const source of [...sources].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const code = maskCommentsAndStrings(source.text);
    const signal = STOP_SIGNALS.find((s) => s.pattern.test(code));
    if (signal) return `${source.name} ${signal.says}`;
  }
  return null;
}
