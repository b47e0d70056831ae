import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take longest, measured (`npx vitest run --reporter=json`; seconds on a 2-core machine). A clean
 * clone has no timings of its own, and vitest then runs files in the order it finds them, which put a 30-second
 * file last and left one core idle at the end. These start first; the rest follow vitest's own order (its
 * cached timings, longest first, once there are some).
 */
const SLOWEST = [
  "server/http/bad-input.test.ts", // 49 s
  "server/http/redirect-corpus.test.ts", // 46 s
  "tests/unit/react-router-patch.test.ts", // 29 s
  "server/http/access-matrix.test.ts", // 21 s
  "server/http/page-name-paths.test.ts", // 16 s
  "server/process.db.test.ts", // 14 s
  "server/modules/gamification/achievements.db.test.ts", // 9 s
  "server/db/seed.db.test.ts", // 8 s
];

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const i = SLOWEST.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
      return i < 0 ? SLOWEST.length : i;
    };
    // Projects keep the order vitest gave them (they run one after the other); within one, the slowest first.
    const projects = [...new Set(sorted.map((s) => s.project.name))];
    return sorted
      .map((spec, order) => ({ spec, order, project: projects.indexOf(spec.project.name) }))
      .sort((a, b) => a.project - b.project || rank(a.spec) - rank(b.spec) || a.order - b.order)
      .map((x) => x.spec);
  }
}
