/** The address parameter of the script versions' page (the room page holds several lists). */
export const VERSIONS_PAGE_PARAM = "versions";
