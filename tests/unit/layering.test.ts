import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The layering of docs/architecture.md is enforced by `npm run lint`: each case below is a line of code
 * at a path, and whether the project's ESLint configuration lets it through.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(`${code}\nexport const used = 1;\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").map((m) => m.message);
}

describe("the layering rules", () => {
  it("let a route module take types from server/, and nothing else", async () => {
    const route = "app/routes/forum/example.tsx";
    expect(await problems(route, `import type { Actor } from "#server/modules/accounts/actor";`)).toEqual([]);
    expect(await problems(route, `import { assertCan } from "#server/modules/forum/policy";`)).toHaveLength(1);
    expect(await problems("app/features/forum/example.tsx", `import { PAGE_SIZE } from "#server/modules/forum/deps";`)).toHaveLength(1);
  });

  it("keep app/ and tests/ out of server code, and let it use shared/", async () => {
    const operation = "server/modules/forum/example.ts";
    expect(await problems(operation, `import { FORUM_PAGE_SIZE } from "#shared/page-sizes";`)).toEqual([]);
    expect(await problems(operation, `import { LOCALES } from "#app/i18n/client";`)).toHaveLength(1);
    expect(await problems("server/services.ts", `import { createUser } from "#tests/support/app";`)).toHaveLength(1);
    expect(await problems("server/http/example.ts", `import type { Theme } from "#app/lib/example";`)).toHaveLength(1);
  });

  it("let an area reach another only through its index and policy", async () => {
    const file = "server/modules/gamification/example.ts";
    expect(await problems(file, `import { hidePost } from "#server/modules/forum/hide-post";`)).toHaveLength(1);
    expect(await problems(file, `import { updateSetting } from "#server/modules/site/update-setting";`)).toHaveLength(1);
    expect(await problems(file, `import { createForumService } from "#server/modules/forum";`)).toEqual([]);
    expect(await problems(file, `import { can } from "#server/modules/forum/policy";`)).toEqual([]);
    expect(await problems(file, `import type { Actor } from "#server/modules/accounts/actor";`)).toEqual([]);
    expect(await problems(file, `import { xpRules } from "#server/modules/gamification/xp-rules";`)).toEqual([]);
  });

  it("keep shared/ free of pages, server and database code", async () => {
    const file = "shared/example.ts";
    expect(await problems(file, `import { z } from "zod";`)).toEqual([]);
    expect(await problems(file, `import { useState } from "react";`)).toHaveLength(1);
    expect(await problems(file, `import { eq } from "drizzle-orm";`)).toHaveLength(1);
    expect(await problems(file, `import { db } from "#server/db/client";`)).toHaveLength(1);
  });

  it("refuse ../ chains everywhere, tests included", async () => {
    expect(await problems("server/modules/forum/example.ts", `import { x } from "../accounts/actor";`)).toHaveLength(1);
    expect(await problems("tests/support/example.ts", `import { x } from "../../server/app";`)).toHaveLength(1);
    expect(await problems("server/modules/forum/example.ts", `import { x } from "./deps";`)).toEqual([]);
  });

  it("let tests import what they drive", async () => {
    expect(await problems("server/http/example.test.ts", `import { testApp } from "#tests/support/app";`)).toEqual([]);
    expect(await problems("server/http/example.test.ts", `import en from "#app/i18n/locales/en/forum.json";`)).toEqual([]);
  });
});
