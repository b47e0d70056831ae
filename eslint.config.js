import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import globals from "globals";
import { readdirSync } from "node:fs";

/**
 * The layering (docs/architecture.md), enforced here rather than remembered:
 * - pages (app/) take only types from server/; the server never imports app/ or tests/, only shared/;
 * - shared/ imports no app, server, React or database code;
 * - an area of server/modules reaches another area only through its public surface (index, policy, and the
 *   account actor, audit and settings store every area uses), never its operations;
 * - imports name the folder (#app/…, #server/…, #shared/…, #tests/…), never a ../ chain;
 * - pages draw icons from the sprite (app/components/ui/icon.tsx), never lucide-react's inline SVG components.
 * Tests may import anything (they drive pages and server together).
 */
const PARENT_PATHS = { regex: "^\\.\\./", message: "Import through #app/, #server/, #shared/, #tests/ or #scripts/ instead of ../ paths." };
const TESTS = { regex: "^#tests/", message: "Product code never imports from tests/." };
const APP = { regex: "^#app/", message: "Server code never imports from app/: move what both need to shared/." };
const AREAS = readdirSync("server/modules", { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
/** What one area may import from another: its index, its policy, and the account basics every area uses. */
const PUBLIC_SURFACE = ["[^/]+/policy", "accounts/actor", "accounts/audit", "site/settings"].join("|");
// (Patterns are regular expressions: a gitignore-style pattern starting with "#" would be a comment.)
const TEST_FILES = ["**/*.test.ts", "**/*.test.tsx", "tests/**"];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "data/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "bench/results/",
      "screenshots/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-empty-object-type": "off",
    },
  },
  {
    files: ["**/*.mjs", "**/*.js"],
    languageOptions: { globals: { ...globals.node } },
  },
  // Layering.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: TEST_FILES,
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "lucide-react",
              message:
                'Icons come from the sprite: <Icon name="…" /> (#app/components/ui/icon), with the name added to app/components/ui/icons.ts.',
            },
          ],
          patterns: [
            PARENT_PATHS,
            TESTS,
            {
              regex: "^#server/",
              allowTypeImports: true,
              message: "Pages take only types from server/; they reach operations through context.services.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["server/**/*.ts"],
    ignores: TEST_FILES,
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [PARENT_PATHS, TESTS, APP] }] },
  },
  ...AREAS.map((area) => ({
    files: [`server/modules/${area}/**/*.ts`],
    ignores: TEST_FILES,
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            PARENT_PATHS,
            TESTS,
            APP,
            {
              regex: `^#server/modules/(?!${area}/|(?:${PUBLIC_SURFACE})$)[^/]+/`,
              message: `Another area's operations are its own: reach it through its index (#server/modules/<area>), its policy, or its events.`,
            },
          ],
        },
      ],
    },
  })),
  {
    files: ["shared/**/*.ts"],
    ignores: TEST_FILES,
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            PARENT_PATHS,
            TESTS,
            {
              regex: "^(#app/|#server/|react$|react-dom|react-router|drizzle-orm|pg$|@electric-sql/)",
              message: "shared/ holds plain constants, schemas and functions that pages and server both use.",
            },
          ],
        },
      ],
    },
  },
  {
    files: TEST_FILES,
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [PARENT_PATHS] }] },
  },
);
