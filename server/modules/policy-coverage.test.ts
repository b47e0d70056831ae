import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { AREAS } from "#server/modules/areas";

/**
 * Every policy action is checked by an operation, and every operation checks one action: the policies and the
 * operations cannot drift apart (an action nobody checks is a promise nobody keeps; an operation that checks
 * several, or none, hides which rule guards it).
 *
 * Found statically, by reading the source with the TypeScript parser:
 * - an *operation* is a function exported by a file of `server/modules/<area>/` (tests and `policy.ts` aside)
 *   with a parameter `actor: Actor` (or a room's `viewer: RoomViewer`), whatever binds it;
 * - a *check* is a call of a policy's `can` or `assertCan` (under any local name); the action is the string
 *   literal given to it, directly, through a `const` of the same function, or returned by a policy helper
 *   (`actionForRole`);
 * - a helper (a wrapper such as `assertTeam`, a shared step such as `setThreadFlag`, a private `prepare`) is
 *   followed: its fixed checks count for its caller, and a parameter it passes on as the action takes the
 *   literal its caller gives in that place;
 * - `…Abilities`/`…Ability` functions compute what a page may offer: their `can()` calls are not checks.
 * `assertCan` guards an operation; `can()` only decides what an operation shows, so it guards an operation
 * only when the operation asserts nothing.
 */

const MODULES = resolve("server/modules");

/** Every area's declared actions, from the list of areas (the same the capability table reads). */
const DECLARED: Record<string, readonly string[]> = Object.fromEntries(
  AREAS.flatMap((area) => ("policy" in area && area.policy ? [[area.name, area.policy.actions as readonly string[]]] : [])),
);
const ALL_ACTIONS = new Set(Object.values(DECLARED).flat());

/** Declared actions no operation checks, and why. */
const CHECKED_ELSEWHERE: Record<string, { reason: string; file?: string }> = {
  "content.submit": { reason: "the precondition of every member action, checked inside the other areas' policies" },
  "maintenance.bypass": { reason: "checked by the maintenance gate before any page or operation runs", file: "server/http/gate.ts" },
};

/** Actions an operation may check before its own one, and why. */
const PRECHECKS: Record<string, string> = {
  "forum.write": "every forum write refuses a member who may not write before loading what it acts on",
  "roles.view": "granting and revoking a role need the roles tab before the role's own action",
};

/** `can()` answers that only widen what an operation shows or lets through, and why. */
const MODIFIERS: Record<string, string> = {
  "forum.view_hidden": "reads show hidden threads and posts to the team",
  "post.skip_limits": "the team posts without the posting limits",
};

/**
 * Guards that are not actions: what a person does to their own account needs no role, only to be that
 * person, so no row of /admin/roles is about it. An operation guarded by one of them checks no action.
 */
const SELF_GUARDS: Record<string, string> = {
  assertSignedIn: "any signed-in person, on their own account",
  assertNotOnHold: "any signed-in person whose company is not waiting for verification, on their own account",
  assertOwnAccount: "the account's own person",
  assertCompanyAccount: "a company account, on its own company profile",
};

/** Operations that check no action, and why (`file#function`). */
const UNCHECKED: Record<string, string> = {
  "campaigns/public-campaigns.ts#listOpenCampaigns": "the public list of open campaigns, for everyone",
  "campaigns/public-campaigns.ts#getPublicCampaign": "a campaign's public page, for everyone (asking for a key is `campaign.request`)",
  "forum/list-categories.ts#listCategories": "the forum index, for everyone (the team also counts hidden threads)",
  "forum/thread-view.ts#threadPage": "a thread's page, for everyone (what it offers comes from the post and thread abilities)",
  "forum/list-revisions.ts#listRevisions": "a post's edit history, for whoever may read the post",
  "forum/locate-sources.ts#locateSources": "links to the threads and posts a page names, only those the person may open",
  "notifications/list-notifications.ts#unreadCount": "the header's unread count: nothing for a visitor, one's own otherwise",
  "search/search.ts#search": "site search, for everyone (each provider shows only what the person may read)",
};

/** Operations that check several actions, and why (`file#function`). */
const SEVERAL: Record<string, string> = {
  "accounts/load-dashboard.ts#loadDashboard": "/dashboard adds the team's counts of each tab the person may open",
  "campaigns/dashboard.ts#campaignsDashboard":
    "/dashboard shows a company's campaigns or a creator's requests, whichever the person may see",
  "admin/grant-role.ts#grantRole":
    "the role given chooses the action (`actionForRole`): Admins give either role, Moderators only Moderator",
  "admin/revoke-role.ts#revokeRole": "the role taken away chooses the action, as for granting it",
  "forum/resolve-report-hiding.ts#resolveReportHiding":
    "resolving a report may hide what was reported: the report's action, then the hiding's",
  "promotions/create-submission.ts#createSubmission":
    "a submission started from one of the company's games needs the company's action for that game too",
  "rooms/publish-room.ts#publishRoom": "publishing an episode and deleting its files at once needs the purge's action too",
};

type Fn = { file: string; name: string; node: ts.FunctionLikeDeclaration; params: string[]; exported: boolean };
type Summary = { asserts: Set<string>; probes: Set<string>; assertParams: Set<number>; probeParams: Set<number>; guards: Set<string> };

const sources = new Map<string, ts.SourceFile>();
function source(file: string): ts.SourceFile {
  let sf = sources.get(file);
  if (!sf) {
    sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    sources.set(file, sf);
  }
  return sf;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** The top-level functions of a file: declarations and `const x = (…) => …`. */
const functionsCache = new Map<string, Map<string, Fn>>();
function functionsOf(file: string): Map<string, Fn> {
  let fns = functionsCache.get(file);
  if (fns) return fns;
  fns = new Map();
  for (const st of source(file).statements) {
    const exported = !!ts.getModifiers(st as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    const add = (name: string, node: ts.FunctionLikeDeclaration) =>
      fns!.set(name, { file, name, node, exported, params: node.parameters.map((p) => p.name.getText()) });
    if (ts.isFunctionDeclaration(st) && st.name && st.body) add(st.name.text, st);
    if (ts.isVariableStatement(st))
      for (const d of st.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer)))
          add(d.name.text, d.initializer);
  }
  functionsCache.set(file, fns);
  return fns;
}

function moduleFile(from: string, spec: string): string | null {
  const base = spec.startsWith("#server/")
    ? resolve("server", spec.slice("#server/".length))
    : spec.startsWith(".")
      ? resolve(dirname(from), spec)
      : null;
  if (!base) return null;
  for (const f of [`${base}.ts`, join(base, "index.ts")]) if (existsSync(f)) return f;
  return null;
}

/** The function a name refers to in a file: its own, or an import followed through re-exports. */
function resolveName(file: string, name: string, depth = 0): Fn | null {
  if (depth > 5) return null;
  const own = functionsOf(file).get(name);
  if (own) return own;
  for (const st of source(file).statements) {
    if (ts.isImportDeclaration(st) && st.importClause?.namedBindings && ts.isNamedImports(st.importClause.namedBindings)) {
      for (const el of st.importClause.namedBindings.elements)
        if (el.name.text === name) {
          const target = moduleFile(file, (st.moduleSpecifier as ts.StringLiteral).text);
          return target ? resolveName(target, (el.propertyName ?? el.name).text, depth + 1) : null;
        }
    }
    if (ts.isExportDeclaration(st) && st.moduleSpecifier && st.exportClause && ts.isNamedExports(st.exportClause)) {
      for (const el of st.exportClause.elements)
        if (el.name.text === name) {
          const target = moduleFile(file, (st.moduleSpecifier as ts.StringLiteral).text);
          return target ? resolveName(target, (el.propertyName ?? el.name).text, depth + 1) : null;
        }
    }
  }
  return null;
}

const isPolicy = (fn: Fn) => /\/(account-)?policy\.ts$/.test(fn.file);
const isBaseCheck = (fn: Fn) => isPolicy(fn) && (fn.name === "can" || fn.name === "assertCan");
const isOffer = (fn: Fn) => /Abilit(y|ies)$/.test(fn.name);
/** Who someone is (`isStaff`, `hasRole`…), read by the policies: not operations. */
const isActorHelper = (fn: Fn) => fn.file.endsWith("/accounts/actor.ts");

/** The declared actions an expression names: literals, a `const` of the function, what a policy helper returns. */
function actionsIn(expr: ts.Node, fn: Fn): string[] {
  const found: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isStringLiteralLike(n) && ALL_ACTIONS.has(n.text)) found.push(n.text);
    else if (ts.isIdentifier(n)) {
      const init = constInitializer(fn.node, n.text);
      if (init) visit(init);
    } else if (ts.isCallExpression(n) && ts.isIdentifier(n.expression)) {
      const callee = resolveName(fn.file, n.expression.text);
      if (callee && isPolicy(callee) && !isBaseCheck(callee) && callee.node.body) visit(callee.node.body);
      n.arguments.forEach(visit);
    } else ts.forEachChild(n, visit);
  };
  visit(expr);
  return found;
}

function constInitializer(scope: ts.Node, name: string): ts.Expression | undefined {
  let init: ts.Expression | undefined;
  const visit = (n: ts.Node) => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === name && n.initializer) init = n.initializer;
    else ts.forEachChild(n, visit);
  };
  visit(scope);
  return init;
}

const summaries = new Map<Fn, Summary>();
function summarize(fn: Fn, stack = new Set<Fn>()): Summary {
  const known = summaries.get(fn);
  if (known) return known;
  const s: Summary = { asserts: new Set(), probes: new Set(), assertParams: new Set(), probeParams: new Set(), guards: new Set() };
  if (stack.has(fn) || isOffer(fn)) return s;
  stack.add(fn);
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression)) {
      const callee = resolveName(fn.file, n.expression.text);
      if (callee && isBaseCheck(callee)) {
        const into = callee.name === "assertCan" ? s.asserts : s.probes;
        const arg = n.arguments[1];
        if (arg) {
          actionsIn(arg, fn).forEach((a) => into.add(a));
          const p = ts.isIdentifier(arg) ? fn.params.indexOf(arg.text) : -1;
          if (p >= 0) (callee.name === "assertCan" ? s.assertParams : s.probeParams).add(p);
        }
      } else if (callee && !isPolicy(callee) && !bound.has(callee)) {
        const inner = summarize(callee, stack);
        inner.asserts.forEach((a) => s.asserts.add(a));
        inner.probes.forEach((a) => s.probes.add(a));
        inner.guards.forEach((g) => s.guards.add(g));
        const pass = (params: Set<number>, into: Set<string>, intoParams: Set<number>) =>
          params.forEach((i) => {
            const arg = n.arguments[i];
            if (!arg) return;
            actionsIn(arg, fn).forEach((a) => into.add(a));
            const p = ts.isIdentifier(arg) ? fn.params.indexOf(arg.text) : -1;
            if (p >= 0) intoParams.add(p);
          });
        pass(inner.assertParams, s.asserts, s.assertParams);
        pass(inner.probeParams, s.probes, s.probeParams);
      } else if (callee && isPolicy(callee) && callee.name.startsWith("assert")) {
        // A policy's own guard (assertAdminPanel, assertSignedIn…): its checks are the caller's.
        collectGuard(callee, s);
        s.guards.add(callee.name);
      }
    }
    ts.forEachChild(n, visit);
  };
  if (fn.node.body) visit(fn.node.body);
  stack.delete(fn);
  summaries.set(fn, s);
  return s;
}

/** The checks inside a policy's own guard function (`assertAdminPanel` asks `can(…, "admin.panel")`). */
function collectGuard(guard: Fn, s: Summary) {
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression)) {
      const callee = resolveName(guard.file, n.expression.text);
      if (callee && isBaseCheck(callee) && n.arguments[1]) actionsIn(n.arguments[1], guard).forEach((a) => s.asserts.add(a));
    }
    ts.forEachChild(n, visit);
  };
  if (guard.node.body) visit(guard.node.body);
}

/** An operation's person: `actor: Actor`, or a room's `viewer: RoomViewer` (the actor and the room's guest cookie). */
const takesActor = (fn: Fn) =>
  fn.node.parameters.some(
    (p) =>
      (p.name.getText() === "actor" && p.type?.getText() === "Actor") ||
      (p.name.getText() === "viewer" && p.type?.getText() === "RoomViewer"),
  );

/**
 * The operations: the functions taking `actor: Actor` that the rest of the site reaches, i.e. that an area's
 * `index.ts` or `*-service.ts`, or any file of the server outside the areas or of the app, imports or
 * re-exports. An operation that calls another operation does not take on its checks (that one checks its own).
 */
const bound = new Set<Fn>();
const binders = [
  ...filesUnder(MODULES).filter((f) => /\/(index|[a-z-]+-service)\.ts$/.test(f)),
  ...filesUnder(resolve("server")).filter((f) => !f.startsWith(`${MODULES}/`)),
  ...filesUnder(resolve("app")),
];
for (const file of binders) {
  for (const st of source(file).statements) {
    const named =
      ts.isImportDeclaration(st) && st.importClause?.namedBindings && ts.isNamedImports(st.importClause.namedBindings)
        ? st.importClause.namedBindings.elements
        : ts.isExportDeclaration(st) && st.exportClause && ts.isNamedExports(st.exportClause)
          ? st.exportClause.elements
          : [];
    for (const el of named) {
      const fn = resolveName(file, el.name.text);
      if (fn && takesActor(fn) && !isPolicy(fn) && !isOffer(fn) && !isActorHelper(fn) && fn.file.startsWith(`${MODULES}/`)) bound.add(fn);
    }
  }
}

type Operation = { id: string; asserts: string[]; probes: string[]; guards: string[] };
function operations(): Operation[] {
  return [...bound].map((fn) => {
    const s = summarize(fn);
    return {
      id: `${relative(MODULES, fn.file)}#${fn.name}`,
      asserts: [...s.asserts].sort(),
      probes: [...s.probes].sort(),
      guards: [...s.guards].sort(),
    };
  });
}

/** What guards an operation: its asserted actions (a precheck aside), else what it asks `can()` (modifiers aside). */
function guards(op: Operation): string[] {
  const asserted = op.asserts.filter((a) => !(a in PRECHECKS));
  if (asserted.length) return asserted;
  if (op.asserts.length) return op.asserts;
  return op.probes.filter((a) => !(a in MODIFIERS));
}

describe("policy coverage", () => {
  const ops = operations();

  it("finds the operations of every area and what each checks", () => {
    expect(ops.length).toBeGreaterThan(150);
    const byId = new Map(ops.map((o) => [o.id, o]));
    // A sample the scan must read right: a plain check, a wrapper, a shared step with the action as argument,
    // a precheck before the operation's own, an action chosen by a policy helper, a private step.
    expect(byId.get("campaigns/manage-keys.ts#exportKeys")?.asserts).toEqual(["keys.export"]);
    expect(byId.get("promotions/update-offer.ts#updateOffer")?.asserts).toEqual(["offer.update"]);
    expect(byId.get("forum/pin-thread.ts#pinThread")?.asserts).toEqual(["thread.pin"]);
    expect(byId.get("forum/edit-post.ts#editPost")?.asserts).toEqual(["forum.write", "post.edit"]);
    expect(byId.get("admin/grant-role.ts#grantRole")?.asserts).toEqual(["roles.grant_admin", "roles.grant_moderator", "roles.view"]);
    expect(byId.get("promotions/send-studio-promotion.ts#sendStudioPromotion")?.asserts).toEqual(["studio_promotion.send"]);
  });

  it("checks every declared action of every area in at least one operation", () => {
    const checked = new Set(ops.flatMap((o) => [...o.asserts, ...o.probes]));
    const unchecked = [...ALL_ACTIONS].filter((a) => !checked.has(a) && !(a in CHECKED_ELSEWHERE));
    expect(unchecked).toEqual([]);
    // The exceptions stay true: none is checked by an operation, and a named checker does check it.
    for (const [action, why] of Object.entries(CHECKED_ELSEWHERE)) {
      expect(ALL_ACTIONS.has(action), action).toBe(true);
      expect(checked.has(action), `${action} is checked by an operation now: drop its exception`).toBe(false);
      if (why.file) expect(readFileSync(why.file, "utf8"), action).toContain(`"${action}"`);
    }
  });

  it("has every operation check exactly one action", () => {
    const wrong = ops
      .filter((o) => !(o.id in UNCHECKED) && !(o.id in SEVERAL))
      .filter((o) => !(guards(o).length === 0 && o.guards.some((g) => g in SELF_GUARDS)))
      .map((o) => ({ id: o.id, guards: guards(o) }))
      .filter((o) => o.guards.length !== 1);
    expect(wrong).toEqual([]);
    for (const id of Object.keys(UNCHECKED)) expect(guards(ops.find((o) => o.id === id)!), id).toEqual([]);
    for (const id of Object.keys(SEVERAL)) expect(guards(ops.find((o) => o.id === id)!).length, id).toBeGreaterThan(1);
  });
});
