import type { ComponentType } from "react";
import { ProfileProgress } from "#app/features/gamification/profile-progress";
import { ProfileCharacter } from "./character-section";
import type { PublicProfile } from "#server/modules/accounts";

/**
 * The sections of a public profile below its header, in order. Later issues add theirs here (forum activity,
 * level and achievements, character…). A section gets the profile and, when the page loader reads data for
 * it, that data under `data[id]`; it renders nothing when it has nothing to show.
 */
export type ProfileSection = { id: string; Component: ComponentType<{ profile: PublicProfile; data: unknown }> };

export const PROFILE_SECTIONS: ProfileSection[] = [
  // Level, title, XP and unlocked achievements (data: the loader's `profileProgressData`).
  { id: "gamification", Component: ProfileProgress },
  // Class, level, rendered avatar, what they wear, and the arena record (data: `ProfileCharacterData`).
  { id: "character", Component: ProfileCharacter },
];
