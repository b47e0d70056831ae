// A load shedder in a process of its own, for load-shedder.test.ts: "stats" answers its view, "busy" blocks the
// event loop for 400 ms of its own CPU time, then answers. Counted in CPU time, not wall time: beside other test
// workers a wall-clock loop gets only part of a core, and the shedder rightly discounts the rest.
import { LoadShedder } from "./load-shedder";

const shedder = new LoadShedder({ maxLagMs: 50, maxInFlight: 0, sampleMs: 20 });
shedder.start();
process.on("message", (what) => {
  if (what === "busy") {
    const cpuMs = () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
    const until = cpuMs() + 400;
    while (cpuMs() < until) {
      /* busy */
    }
  }
  process.send?.(shedder.stats());
});
