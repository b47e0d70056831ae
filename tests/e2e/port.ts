/**
 * Each Playwright worker has its own site (production build, demo database, SMTP server) so specs that change
 * settings or rows never meet: worker n uses E2E_PORT + 10 × n (its SMTP server the port after).
 * TEST_PARALLEL_INDEX is set by Playwright in every worker process.
 */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 4391);
export const PORT_STEP = 10;
export const workerPort = (parallelIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0)) => E2E_BASE_PORT + PORT_STEP * parallelIndex;
