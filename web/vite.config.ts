// The pages, one folder per page under src/ (the list is pages.json, which `npm start` also
// prints), built to static files with relative addresses so they work from any folder of any
// static host. `npm run build -w web`; `npm start` builds them when they are missing or out of date.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
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

export default defineConfig({
  root: src,
  base: "./",
  publicDir: false,
  plugins: [
    pageTemplate(),
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
        ...Object.fromEntries(pages.map((page) => [page.folder, `${src}${page.folder}/index.html`])),
      },
    },
  },
});
