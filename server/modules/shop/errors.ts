/**
 * The error codes this area's operations throw, each with its HTTP status; the message is always the
 * translation `errors:<code>`. The shop sells nothing, so it refuses nothing.
 */
export const SHOP_ERRORS = {} as const satisfies Readonly<Record<string, number>>;
