import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { connectionProblem } from "./connection-problem";

/** A start against a database that cannot be used says what is wrong and how to fix it. */
describe("a database that cannot be used at start", () => {
  // Needs a PostgreSQL server to ask (CI sets TEST_DATABASE_URL, as for the data-layer run).
  it.runIf(process.env.TEST_DATABASE_URL)("names a missing database and how to create it, never the password", async () => {
    const base = new URL(process.env.TEST_DATABASE_URL!);
    base.pathname = "/nexo_missing_database_for_the_test";
    base.password = base.password || "not-shown-anywhere";
    const err = await openDatabase({ url: base.href }).then(
      () => null,
      (e: Error) => e,
    );
    expect(err?.message).toContain('the database "nexo_missing_database_for_the_test" does not exist');
    expect(err?.message).toContain("createdb");
    expect(err?.message).not.toContain("not-shown-anywhere");
    expect(err?.message).not.toContain("Failed query");
  });

  it("says nothing answers when no server listens on the port", async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const srv = createServer().listen(0, "127.0.0.1", () => {
        const p = (srv.address() as { port: number }).port;
        srv.close(() => resolve(p));
      });
    });
    const err = await openDatabase({ url: `postgres://app:secret@127.0.0.1:${port}/site` }).then(
      () => null,
      (e: Error) => e,
    );
    expect(err?.message).toBe(
      `Cannot use the PostgreSQL database: nothing answers at 127.0.0.1:${port}. Start PostgreSQL there, or fix the host and port in DATABASE_URL.`,
    );
  });

  it("explains refused passwords, refused roles and missing rights by their PostgreSQL codes", () => {
    const url = "postgres://app:secret@db.internal:6543/site";
    expect(connectionProblem({ code: "28P01" }, url).message).toContain('refused the password for user "app"');
    expect(connectionProblem({ code: "28000" }, url).message).toContain("pg_hba.conf");
    expect(connectionProblem({ cause: { code: "42501" } }, url).message).toContain('may not create the tables in "site"');
    expect(connectionProblem({ code: "ENOTFOUND" }, url).message).toContain('the host "db.internal"');
    const other = connectionProblem(new Error("boom"), url).message;
    expect(other).toContain("db.internal:6543");
    expect(other).not.toContain("secret");
  });
});
