/**
 * Turns the error of a first connection to PostgreSQL into a sentence that says what is wrong and how to fix
 * it (the driver's own message, or drizzle's "Failed query: CREATE SCHEMA…", names neither). The password is
 * never repeated.
 */
export function connectionProblem(err: unknown, url: string): Error {
  const e = (err ?? {}) as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.code ?? e.cause?.code;
  const target = describe(url);
  const database = target.database ? `"${target.database}"` : "the database";
  const hint: Record<string, string> = {
    "3D000": `the database ${database} does not exist on ${target.server}. Create it (for example \`createdb -h ${target.host} -p ${target.port} -U ${target.user} ${target.database ?? "<name>"}\`) or point DATABASE_URL at an existing database.`,
    "28P01": `PostgreSQL on ${target.server} refused the password for user "${target.user}". Check the user and password in DATABASE_URL.`,
    "28000": `PostgreSQL on ${target.server} refused user "${target.user}" (no pg_hba.conf entry or no such role). Check DATABASE_URL and the server's pg_hba.conf.`,
    "42501": `user "${target.user}" may not create the tables in ${database}. Grant it CREATE on the database (or use the database's owner) in DATABASE_URL.`,
    ECONNREFUSED: `nothing answers at ${target.server}. Start PostgreSQL there, or fix the host and port in DATABASE_URL.`,
    ENOTFOUND: `the host "${target.host}" in DATABASE_URL cannot be found. Fix the host name.`,
    ETIMEDOUT: `the connection to ${target.server} timed out. Check that the server is reachable from here.`,
  };
  const text =
    (code && hint[code]) ??
    `the first query to ${target.server} failed: ${e.cause?.message ?? e.message ?? String(err)}. Check DATABASE_URL.`;
  return new Error(`Cannot use the PostgreSQL database: ${text}`, { cause: err });
}

function describe(url: string) {
  try {
    const u = new URL(url);
    const host = u.hostname || "localhost";
    const port = u.port || "5432";
    return {
      host,
      port,
      server: `${host}:${port}`,
      user: decodeURIComponent(u.username) || "postgres",
      database: decodeURIComponent(u.pathname.slice(1)) || undefined,
    };
  } catch {
    return { host: "localhost", port: "5432", server: "the server in DATABASE_URL", user: "postgres", database: undefined };
  }
}
