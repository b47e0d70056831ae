import { prerenderDemoArt } from "./index";

/** The build's entry (scripts/build-server.mjs): the demo's pictures, drawn into build/demo-art. */
export const drawn = prerenderDemoArt();
