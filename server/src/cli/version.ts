/** The tool's version, kept in step with package.json by a catalogue test. */
export const TOOL_VERSION = '0.1.0';
