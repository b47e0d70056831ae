import { z } from "zod";
import { ROLE_ADMIN, ROLE_MODERATOR } from "#server/modules/accounts/actor";

/** The user roles the roles tab grants and revokes (SPEC §6). */
export const MANAGED_ROLES = [ROLE_ADMIN, ROLE_MODERATOR] as const;
export const roleChangeInput = z.object({ userId: z.string().trim().min(1).max(200), role: z.enum(MANAGED_ROLES) });
