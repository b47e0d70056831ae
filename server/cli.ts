import { readEnv } from "./env";
import { createLogger } from "./platform/logger";
import { createServices } from "./services";
import { SYSTEM_ACTOR } from "./modules/accounts/actor";
import { configureMaintenance } from "./modules/site/maintenance";
import { updateSetting } from "./modules/site/update-setting";

/**
 * `npm run site -- <command>`: site switches from the command line, through the same operations as the API.
 * On the embedded database only one process may open the data directory: stop the server first, or use
 * the admin API while it runs (see the README).
 */
const usage = `usage:
  npm run site -- maintenance on <password>   turn the maintenance gate on (with a new password)
  npm run site -- maintenance on              turn it on with the password set before
  npm run site -- maintenance off
  npm run site -- flag <analytics_enabled|forum_enabled|i18n_missing_enabled> <on|off>`;

async function main(args: string[]) {
  const [area, a, b] = args;
  if (!area || area === "help") return console.log(usage);
  const env = readEnv({ ...process.env, JOBS: "false", SEED_DEMO: "false" });
  const services = await createServices(env, createLogger("warn"));
  try {
    if (area === "maintenance" && (a === "on" || a === "off")) {
      const state = await configureMaintenance(services, SYSTEM_ACTOR, { enabled: a === "on", password: b });
      console.log(`maintenance ${state.enabled ? "on" : "off"}`);
    } else if (area === "flag" && a && (b === "on" || b === "off")) {
      await updateSetting(services, SYSTEM_ACTOR, { key: a, value: b === "on" });
      console.log(`${a} ${b}`);
    } else {
      console.log(usage);
      process.exitCode = 2;
    }
  } finally {
    await services.close();
  }
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
