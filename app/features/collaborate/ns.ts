export const NS = "collaborate";
