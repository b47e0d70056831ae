import { z } from "zod";

/** Matches a member's list shows per page. */
export const ARENA_MATCHES_PAGE_SIZE = 20;

export const matchIdInput = z.object({ matchId: z.uuid("errors:input.invalid") });
export const memberInput = z.object({ userId: z.string().min(1).max(200) });
export const memberMatchesInput = memberInput.extend({ page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1) });
export const leaderboardInput = z.object({ scope: z.enum(["all", "season"]).catch("all").default("all") });
