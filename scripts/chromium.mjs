// Debian's Chromium and the flags every tool here launches it with: the machine has no internet, and these
// flags stop Chromium from trying to reach Google services (QUIC, component updates, sync…).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
