/**
 * The site area's public entry for other areas (the admin panel's service binds these to its settings store):
 * the settings and maintenance operations, each checking its permission itself.
 */
export { configureMaintenance } from "./maintenance";
export { updateSetting } from "./update-setting";
