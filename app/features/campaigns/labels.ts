import type { BadgeTone } from "#app/components/ui/badge";

/** A request's status as a badge's tone: approved is good news, rejected bad, pending waits. */
export function requestTone(status: string): BadgeTone {
  return status === "approved" ? "positive" : status === "rejected" ? "danger" : "warning";
}
