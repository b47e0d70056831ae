import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, profiles, users } from "#server/db/schema";
import { createCompany, createUser } from "#server/db/factories";
import { cookiesFrom, signIn, testApp, type TestApp } from "#tests/support/app";

/**
 * Sign-up, driven as a browser without JavaScript would: the registration form asks for the public
 * username (the profile page's rules, checked on the server), offers "Player" (a member without a profile
 * role), and a player becomes a creator later from /account.
 */
let t: TestApp;
let ip = 0;
const PW = "sign-up-pass-71";

function post(path: string, fields: Record<string, string>, cookie?: string) {
  return t.request(path, {
    method: "POST",
    cookie,
    headers: { "content-type": "application/x-www-form-urlencoded", "x-test-ip": `203.0.113.${++ip % 250}` },
    body: new URLSearchParams(fields).toString(),
  });
}
const get = (path: string, cookie?: string) => t.request(path, { cookie, headers: { "x-test-ip": `203.0.113.${++ip % 250}` } });
const roleOf = async (email: string) => {
  const [row] = await t.services.db
    .select({ role: profiles.role, username: profiles.username })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(users.email, email));
  return row;
};
const registration = (over: Record<string, string>) => ({
  role: "player",
  password: PW,
  confirmPassword: PW,
  redirectTo: "/dashboard",
  ...over,
});

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
});
afterAll(() => t.close());

describe("the registration form", () => {
  it.each([
    ["en", "Username", "Player", "I play and want to take part in the community"],
    ["es", "Nombre de usuario", "Jugador", "Juego y quiero participar en la comunidad"],
  ])("asks for the username and offers Player, chosen by default (%s)", async (lang, label, player, hint) => {
    const html = await (await get(`/${lang}/auth/register`)).text();
    expect(html).toContain(`>${label}</label>`);
    expect(html).toMatch(/<input[^>]*required=""[^>]*name="username"/);
    expect(html).toContain(`>${player}</span>`);
    expect(html).toContain(hint);
    expect(html).toMatch(/<input type="radio"[^>]*name="role" checked="" value="player"/);
    // ?role= still preselects another choice.
    const creator = await (await get(`/${lang}/auth/register?role=creator`)).text();
    expect(creator).toMatch(/<input type="radio"[^>]*name="role" checked="" value="creator"/);
  });

  it.each([
    ["en", "", "Use 3 to 30 letters, digits, _ or -."],
    ["es", "", "Usa de 3 a 30 letras, números, _ o -."],
    ["en", "nuevo.jugador", "Use 3 to 30 letters, digits, _ or -."],
    ["es", "ab", "Usa de 3 a 30 letras, números, _ o -."],
    ["en", "Moderator", "This username is reserved."],
    ["es", "soporte", "Este nombre de usuario está reservado."],
  ])("refuses an invalid username (%s, %j) beside the field, keeping what was typed", async (lang, username, message) => {
    const email = `invalid-${++ip}@example.test`;
    const res = await post(`/${lang}/auth/register`, registration({ username, email, role: "creator" }));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(message);
    expect(html).toContain(`value="${email}"`);
    expect(html).toContain(`value="${username}"`);
    expect(html).toMatch(/<input type="radio"[^>]*name="role" checked="" value="creator"/);
    expect(html).not.toContain(PW);
    expect(await roleOf(email)).toBeUndefined();
  });

  it.each([
    ["en", "This username is already taken."],
    ["es", "Este nombre de usuario ya está en uso."],
  ])("refuses a taken username whatever its case (%s) and creates nothing", async (lang, message) => {
    const owner = await createUser(t.services.db, { username: `Taken_${lang}` });
    const email = `taken-${lang}@example.test`;
    const res = await post(`/${lang}/auth/register`, registration({ username: `taken_${lang.toUpperCase()}`, email }));
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain(message);
    expect(html).toContain(`value="taken_${lang.toUpperCase()}"`);
    expect(html).toContain(`value="${email}"`);
    expect(await roleOf(email)).toBeUndefined();
    expect((await roleOf(owner.email))?.username).toBe(`Taken_${lang}`);
  });

  it("a player is a member with no profile role, under the username chosen (not one made from the email)", async () => {
    const res = await post("/en/auth/register", registration({ username: "quiet_gamer", email: "nuevo.jugador@example.test" }));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/en/dashboard?welcome=1");
    expect(await roleOf("nuevo.jugador@example.test")).toEqual({ role: null, username: "quiet_gamer" });
    const dashboard = await (await get("/en/dashboard?welcome=1", cookiesFrom(res))).text();
    expect(dashboard).toContain("Take part in the community and discover indie games.");
    // …and offers to become a creator.
    expect(dashboard).toMatch(/href="\/en\/account#creator"[^>]*>.*?Become a creator/);
    // The public profile says "Player" / "Jugador".
    expect(await (await get("/en/u/quiet_gamer")).text()).toContain(">Player</span>");
    expect(await (await get("/es/u/quiet_gamer")).text()).toContain(">Jugador</span>");
  });

  it("creators and companies keep their roles, with their chosen usernames", async () => {
    expect((await post("/es/register", registration({ role: "creator", username: "la_creadora", email: "c@example.test" }))).status).toBe(
      303,
    );
    expect(await roleOf("c@example.test")).toEqual({ role: "creator", username: "la_creadora" });
    const company = registration({
      role: "company",
      username: "studio_owl",
      email: "owl@example.test",
      companyName: "Owl Games",
      representativeName: "Ana Owl",
    });
    expect((await post("/en/auth/register", company)).status).toBe(303);
    expect(await roleOf("owl@example.test")).toEqual({ role: "company", username: "studio_owl" });
  });

  it("refuses a role that is not offered", async () => {
    const res = await post("/en/auth/register", registration({ role: "admin", username: "wants_admin", email: "admin-try@example.test" }));
    expect(res.status).toBe(400);
    expect(await roleOf("admin-try@example.test")).toBeUndefined();
  });

  it("answers the availability check the form asks while the person types", async () => {
    await createUser(t.services.db, { username: "Already_Here" });
    const check = async (name: string) => (await get(`/en/auth/register.data?checkUsername=${encodeURIComponent(name)}`)).text();
    expect(await check("already_here")).toContain("accounts.username_taken");
    expect(await check("x")).toContain("accounts.username_invalid");
    expect(await check("admin")).toContain("accounts.username_reserved");
    const free = await check("nobody_has_this");
    expect(free).toContain('"available",true');
  });
});

describe("a username check still on its way when the sign-up succeeds", () => {
  it("is answered for the new member instead of redirecting them (which moved them off the welcome page)", async () => {
    const res = await post("/en/auth/register", registration({ username: "fast_typist", email: "fast@example.test" }));
    expect(res.status).toBe(303);
    const cookie = cookiesFrom(res);
    const check = await get("/en/auth/register.data?checkUsername=fast_typist_2", cookie);
    expect(check.status).toBe(200);
    expect(check.headers.get("x-remix-redirect")).toBeNull();
    expect(await check.text()).toContain('"available",true');
    // The page itself still sends a signed-in person on.
    const page = await get("/en/auth/register", cookie);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/en/dashboard");
  });
});

describe("a player becomes a creator from /account", () => {
  const become = (cookie?: string, confirm = "yes") => post("/en/account?index", { intent: "become-creator", confirm }, cookie);

  async function player(username: string) {
    const u = await createUser(t.services.db, { username, password: PW });
    await t.services.db.update(profiles).set({ role: null }).where(eq(profiles.id, u.id));
    return { ...u, cookie: await signIn(t, u.email, PW) };
  }

  it.each([
    ["en", "Player or creator", "Become a creator", "Yes, make me a creator", "You are now a creator"],
    ["es", "Jugador o creador", "Hacerme creador", "Sí, hazme creador", "Ya eres creador"],
  ])("offers it to a player, with a confirmation step, and makes them a creator (%s)", async (lang, heading, action, confirm, done) => {
    const p = await player(`player_${lang}`);
    const page = await (await get(`/${lang}/account`, p.cookie)).text();
    expect(page).toContain(`>${heading}</h2>`);
    expect(page).toContain(`${action}</summary>`);
    expect(page).toContain(confirm);

    const res = await post(`/${lang}/account?index`, { intent: "become-creator", confirm: "yes" }, p.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(done);
    expect(html).not.toContain(`${action}</summary>`);
    expect(await roleOf(p.email)).toMatchObject({ role: "creator" });
    const audit = await t.services.db.select().from(auditLog).where(eq(auditLog.targetId, p.id));
    expect(audit.map((a) => a.action)).toEqual(["profile.became_creator"]);
    // Now a creator: the section is gone and a second request is refused.
    expect(await (await get(`/${lang}/account`, p.cookie)).text()).not.toContain(`>${heading}</h2>`);
    expect((await become(p.cookie)).status).toBe(403);
  });

  it("needs the confirmation step", async () => {
    const p = await player("player_unsure");
    expect((await become(p.cookie, "")).status).toBe(400);
    expect(await roleOf(p.email)).toMatchObject({ role: null });
  });

  it("is refused to a visitor (sent to sign in), a company and a creator", async () => {
    const visitor = await become(undefined);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/en\/login\?redirectTo=/);

    const company = await createCompany(t.services.db, { password: PW, verified: true });
    const companyCookie = await signIn(t, company.email, PW);
    expect((await get("/en/account", companyCookie)).status).toBe(200);
    expect(await (await get("/en/account", companyCookie)).text()).not.toContain("Become a creator</summary>");
    expect((await become(companyCookie)).status).toBe(403);
    expect(await roleOf(company.email)).toMatchObject({ role: "company" });

    const creator = await createUser(t.services.db, { password: PW });
    const creatorCookie = await signIn(t, creator.email, PW);
    expect(await (await get("/en/account", creatorCookie)).text()).not.toContain("Become a creator</summary>");
    const refused = await become(creatorCookie);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("You do not have permission");
    expect(await roleOf(creator.email)).toMatchObject({ role: "creator" });
  });
});
