/**
 * The icon sprite: one SVG file with a `<symbol>` per icon of the registry (app/components/ui/icons.ts),
 * drawn from lucide-react's own icon data, so a page carries `<svg class="icon"><use href="…#heart"/></svg>`
 * (about a hundred bytes) instead of each icon's full path data on every use.
 *
 * - Build: the sprite is written to `assets/icons-<hash>.svg` of the client build (served immutable for a year,
 *   precompressed like every asset); `import spriteUrl from "virtual:icon-sprite"` is that address in the server
 *   and the client bundles alike, fixed at build time.
 * - Dev (and Vitest): the address is `/@icon-sprite.svg`, drawn on each request (a new icon needs a restart of
 *   the dev server, which reads the registry with its config).
 */
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "vite";
import { ICON_NAMES } from "../app/components/ui/icons";

const VIRTUAL = "virtual:icon-sprite";
const RESOLVED = "\0" + VIRTUAL;
const DEV_PATH = "/@icon-sprite.svg";

type IconNode = [tag: string, attrs: Record<string, string | number>, children?: IconNode][];
type IconModule = { __iconData?: { name?: string; size?: number; node: IconNode }; __iconNode?: IconNode };

const escapeXml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

function renderNode(node: IconNode): string {
  return node
    .map(([tag, attrs, children]) => {
      const attributes = Object.entries(attrs)
        .filter(([name]) => name !== "key")
        .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
        .join("");
      return children?.length ? `<${tag}${attributes}>${renderNode(children)}</${tag}>` : `<${tag}${attributes}/>`;
    })
    .join("");
}

/** The sprite of these Lucide icons; throws on a name lucide-react does not have under that exact name. */
export async function buildIconSprite(names: readonly string[] = ICON_NAMES, root = process.cwd()): Promise<string> {
  const lucideMain = createRequire(path.join(root, "package.json")).resolve("lucide-react");
  const iconsDir = path.join(path.dirname(lucideMain), "..", "esm", "icons");
  const symbols = await Promise.all(
    [...new Set(names)].map(async (name) => {
      let mod: IconModule;
      try {
        mod = (await import(pathToFileURL(path.join(iconsDir, `${name}.mjs`)).href)) as IconModule;
      } catch {
        throw new Error(`Icon "${name}" (app/components/ui/icons.ts) is not a lucide-react icon.`);
      }
      const data = mod.__iconData ?? (mod.__iconNode ? { name, size: 24, node: mod.__iconNode } : undefined);
      // An old name (trash-2, check-circle-2) is a file that re-exports the icon under its current name.
      if (!data || (data.name && data.name !== name)) {
        throw new Error(`Icon "${name}" (app/components/ui/icons.ts) is an alias: use the name lucide.dev gives it.`);
      }
      const size = data.size ?? 24;
      return `<symbol id="${name}" viewBox="0 0 ${size} ${size}">${renderNode(data.node)}</symbol>`;
    }),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
}

export function iconSprite(): Plugin {
  let root = process.cwd();
  let base = "/";
  let build = false;
  let sprite: Promise<{ source: string; fileName: string }> | undefined;
  const built = () =>
    (sprite ??= buildIconSprite(ICON_NAMES, root).then((source) => {
      const hash = createHash("sha256").update(source).digest("base64url").slice(0, 8);
      return { source, fileName: `assets/icons-${hash}.svg` };
    }));

  return {
    name: "icon-sprite",
    configResolved(config) {
      root = config.root;
      base = config.base;
      build = config.command === "build";
    },
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : undefined;
    },
    async load(id) {
      if (id !== RESOLVED) return undefined;
      const url = build ? base + (await built()).fileName : DEV_PATH;
      return `export default ${JSON.stringify(url)};`;
    },
    // Only the browser's build writes the file; the server's bundle carries the same address.
    async generateBundle() {
      if (this.environment?.config.consumer !== "client") return;
      const { source, fileName } = await built();
      this.emitFile({ type: "asset", fileName, source });
    },
    configureServer(server) {
      server.middlewares.use(DEV_PATH, (_req, res, next) => {
        buildIconSprite(ICON_NAMES, root).then((source) => {
          res.setHeader("Content-Type", "image/svg+xml");
          res.setHeader("Cache-Control", "no-cache");
          res.end(source);
        }, next);
      });
    },
  };
}
