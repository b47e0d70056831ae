import { createHash, randomBytes } from "node:crypto";

/** A random secret for an invitation link or a guest session: 32 bytes, URL-safe. */
export const newSecret = () => randomBytes(32).toString("base64url");

/** What is stored instead of a secret: its SHA-256. A secret is random, so a plain hash cannot be reversed. */
export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** A secret's shape: anything else is refused before the database is asked. */
export const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
