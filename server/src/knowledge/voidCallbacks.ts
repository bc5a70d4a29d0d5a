/**
 * Constructors that take a void-returning callback, which the API signature database does not list (it has no
 * constructors): an async lambda passed there becomes `async void` (ASY021).
 */

export interface VoidCallbackConstructor {
  /** The type's full metadata name, as the signature database spells it. */
  type: string;
  /** The argument position of the callback (0-based) in every constructor that takes one there. */
  argumentIndex: number;
  /** The delegate type(s) of that parameter. */
  delegate: string;
  source: string;
}

export const VOID_CALLBACK_CONSTRUCTORS: readonly VoidCallbackConstructor[] = [
  {
    type: 'System.Threading.Timer',
    argumentIndex: 0,
    delegate: 'TimerCallback',
    source: 'https://learn.microsoft.com/dotnet/api/system.threading.timer.-ctor',
  },
  {
    type: 'System.Threading.Thread',
    argumentIndex: 0,
    delegate: 'ThreadStart or ParameterizedThreadStart',
    source: 'https://learn.microsoft.com/dotnet/api/system.threading.thread.-ctor',
  },
  {
    type: 'System.Progress`1',
    argumentIndex: 0,
    delegate: 'Action<T>',
    source: 'https://learn.microsoft.com/dotnet/api/system.progress-1.-ctor',
  },
];
