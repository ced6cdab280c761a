// The pages, one folder per page under src/ (the list is pages.json, which `npm start` also
// prints), built to static files with relative addresses so they work from any folder of any
// static host. `npm run build -w web`; `npm start` builds them when they are missing or out of date.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Marked } from "marked";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import pages from "./pages.json" with { type: "json" };

const src = fileURLToPath(new URL("src/", import.meta.url));

/**
 * Every page's document from one template, src/page.html (language, character set, icon,
 * viewport, referrer policy, theme colour): each index.html holds only its own `<head>` part
 * (its title, any meta of its own) and its `<body>`, filled in before Vite reads the scripts.
 */
function pageTemplate(): Plugin {
  const template = readFileSync(`${src}page.html`, "utf8");
  const part = (html: string, tag: string) =>
    (html.match(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`))?.[1] ?? "").trim().replace(/\n\s*/g, "\n    ");
  return {
    name: "page-template",
    transformIndexHtml: {
      order: "pre",
      handler: (html) =>
        template
          .replace("<!-- page head -->", () => part(html, "head"))
          .replace("<!-- page body -->", () => part(html, "body")),
    },
  };
}

/**
 * The registry reference (docs/registry.md, generated from the registry's schema) as the page
 * src/registry/index.html, so the console can link an organiser to the member to add
 * (`../registry/#event-scoreEntry`): each heading gets the id GitHub gives it, each member's row
 * `<section>-<member>`, a link into the repository (the example file) stays as its words.
 */
function registryReference(): Plugin {
  const source = fileURLToPath(new URL("../docs/registry.md", import.meta.url));
  const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return {
    name: "registry-reference",
    transformIndexHtml: {
      order: "pre",
      handler(html, { filename }) {
        if (!filename.endsWith("/registry/index.html")) return html;
        let section = "";
        const marked = new Marked({
          renderer: {
            heading({ tokens, depth, text }) {
              section = slug(text);
              return `<h${depth} id="${section}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
            },
            tablerow({ text }) {
              const member = /^<td><code>([A-Za-z_]+)<\/code><\/td>/.exec(text)?.[1];
              return member ? `<tr id="${section}-${member}">${text}</tr>\n` : `<tr>${text}</tr>\n`;
            },
            link({ href, tokens }) {
              return /^(#|https?:)/.test(href) ? false : this.parser.parseInline(tokens);
            },
          },
        });
        // A table scrolls sideways on a phone: it takes focus, so a keyboard scrolls it too.
        const reference = marked
          .parse(readFileSync(source, "utf8"), { async: false })
          .replaceAll("<table>", '<table tabindex="0">');
        return html.replace("<!-- registry reference -->", () => reference);
      },
    },
  };
}

export default defineConfig({
  root: src,
  base: "./",
  publicDir: false,
  plugins: [
    pageTemplate(),
    registryReference(),
    // The service worker (src/offline/sw.ts) with this build's file list, as sw.js at the pages'
    // root; each page registers it from its own script (lib/page/service-worker.ts), as the
    // pages' Content-Security-Policy allows no inline script.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "offline",
      filename: "sw.ts",
      injectRegister: false,
      manifest: false,
      injectManifest: { globPatterns: ["**/*.{js,css,html}"] },
    }),
  ],
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: {
    outDir: fileURLToPath(new URL("dist/", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
    reportCompressedSize: false,
    rolldownOptions: {
      input: {
        index: `${src}index.html`,
        registry: `${src}registry/index.html`,
        ...Object.fromEntries(pages.map((page) => [page.folder, `${src}${page.folder}/index.html`])),
      },
    },
  },
});
