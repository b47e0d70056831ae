/** The icon sprite's address (scripts/icon-sprite.ts): `/assets/icons-<hash>.svg` in a build. */
declare module "virtual:icon-sprite" {
  const url: string;
  export default url;
}
