// The one way a thrown value becomes text for a message: an Error's message (its name first when
// asked, e.g. `RuntimeError: unreachable` for a crash report), anything else as a string.

/** The message of anything thrown; `withName` prefixes an Error's name (`RuntimeError: …`). */
export function errorText(e: unknown, withName = false): string {
  if (e instanceof Error) return withName ? `${e.name}: ${e.message}` : e.message;
  return String(e);
}
