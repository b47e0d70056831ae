export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** Structured JSON logs, one object per line, so any log shipper can parse them. */
export function createLogger(
  level: LogLevel,
  base: LogFields = {},
  write: (line: string) => void = (line) => void process.stdout.write(line + "\n"),
): Logger {
  const emit = (lvl: Exclude<LogLevel, "silent">, msg: string, fields?: LogFields) => {
    if (order[lvl] < order[level]) return;
    const entry: LogFields = { time: new Date().toISOString(), level: lvl, msg, ...base, ...fields };
    if (entry.err instanceof Error) entry.err = serializeError(entry.err);
    write(JSON.stringify(entry));
  };
  return {
    debug: (m, f) => emit("debug", m, f),
    info: (m, f) => emit("info", m, f),
    warn: (m, f) => emit("warn", m, f),
    error: (m, f) => emit("error", m, f),
    child: (fields) => createLogger(level, { ...base, ...fields }, write),
  };
}

export function serializeError(err: Error): LogFields {
  return { name: err.name, message: err.message, stack: err.stack, ...(err.cause ? { cause: String(err.cause) } : {}) };
}
