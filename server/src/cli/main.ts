/** The `asynclens` command line: check, cost, explain. Usage errors exit 2 with a one-line message. */
import { UsageError, EXIT_USAGE, EXIT_OK, type CliIO } from './io';
import { runCheck, CHECK_HELP } from './check';
import { runExplain } from './explain';
import { runCost } from './cost';
import { runProjects } from './projects';
import { TOOL_VERSION } from './version';

const HELP = `asynclens ${TOOL_VERSION}: what your C# async code costs, from the source alone.

usage:
  asynclens check [paths...] [--format text|json|sarif] [--enable all|IDs] [--disable IDs] [--max-file-size KIB]
  asynclens cost [paths...] [--format table|json|csv] [--runtime PROFILE] [--build release|debug] [--sort bytes|name|file]
                 [--explain FILE:LINE] [--max-file-size KIB]
  asynclens projects [paths...] [--format text|json] [--target-framework TFM] [--configuration NAME]
  asynclens explain [ID]
  asynclens --version

Run 'asynclens check --help' or 'asynclens cost --help' for every option.
`;

export async function main(argv: string[], io: CliIO): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'check':
        return await runCheck(rest, io);
      case 'cost':
        return await runCost(rest, io);
      case 'explain':
        return runExplain(rest, io);
      case 'projects':
        return await runProjects(rest, io);
      case '--version':
      case 'version':
        io.out(`${TOOL_VERSION}\n`);
        return EXIT_OK;
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        io.out(HELP);
        return command === undefined ? EXIT_USAGE : EXIT_OK;
      default:
        throw new UsageError(`unknown command '${command}' (try: check, cost, projects, explain)`);
    }
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`asynclens: ${err.message}\n`);
      return EXIT_USAGE;
    }
    // Anything else is our bug: say so in one line, with the stack only when asked.
    io.err(`asynclens: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    if (io.env.ASYNCLENS_DEBUG) io.err(`${err instanceof Error ? err.stack : ''}\n`);
    return EXIT_USAGE;
  }
}

export { CHECK_HELP };
