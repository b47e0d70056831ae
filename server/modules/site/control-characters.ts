/** Control characters (newlines included) and bidi overrides: never part of a one-line title, a key or a path. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export const hasNoControlCharacters = (v: string) => !CONTROL.test(v);
