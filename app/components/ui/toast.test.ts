import { afterEach, describe, expect, it } from "vitest";
import { dismissToast, queueToast, toast, toastLine } from "./toast";

/** Toasts are one at a time; news keyed `once` (a new level) is told once, whoever says it and in which order. */
const titles = () => toastLine().map((t) => t.title);
/** The id of the toast on screen. */
const onScreen = () => (toastLine()[0] as unknown as { id: number }).id;
const clear = () => {
  for (let guard = 0; guard < 20 && toastLine().length; guard++) dismissToast(onScreen());
};
afterEach(clear);

describe("toasts told once", () => {
  it("drops a level-up said again by the reply after the live channel said it, and shows the reply's toast first", () => {
    const levelUp = { title: "Level up! 2", variant: "success" as const, once: "level-up:2:test-a" };
    // The live channel first: on screen.
    queueToast(levelUp);
    expect(titles()).toEqual(["Level up! 2"]);
    // The reply's confirmation replaces it on screen; the level-up is not lost, it comes next.
    toast({ title: "Your reply is posted: +5 XP.", variant: "success" });
    queueToast(levelUp);
    expect(titles()).toEqual(["Your reply is posted: +5 XP.", "Level up! 2"]);
  });

  it("drops the live channel's level-up when the reply already said it", () => {
    const levelUp = { title: "Level up! 3", once: "level-up:3:test-b" };
    toast({ title: "Your reply is posted: +5 XP." });
    queueToast(levelUp);
    queueToast(levelUp);
    expect(titles()).toEqual(["Your reply is posted: +5 XP.", "Level up! 3"]);
    const first = onScreen();
    dismissToast(first);
    expect(titles()).toEqual(["Level up! 3"]);
    // Said once for this page's life: not again after it went.
    dismissToast(onScreen());
    queueToast(levelUp);
    expect(titles()).toEqual([]);
    // Other toasts are not deduplicated.
    queueToast({ title: "Saved" });
    queueToast({ title: "Saved" });
    expect(titles()).toEqual(["Saved", "Saved"]);
  });
});
