/** True for a unique-index violation (23505), as thrown by pg or PGlite, wrapped by drizzle or not. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (
    let e = err as { code?: unknown; constraint?: unknown; cause?: unknown; message?: unknown } | undefined, i = 0;
    e && i < 5;
    e = e.cause as typeof e, i++
  ) {
    if (e.code === "23505")
      return !constraint || e.constraint === undefined || e.constraint === constraint || String(e.message ?? "").includes(constraint);
  }
  return false;
}
