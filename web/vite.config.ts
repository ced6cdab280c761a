// The pages, one folder per page under src/ (the list is pages.json, which `npm start` also
// prints), built to static files with relative addresses so they work from any folder of any
// static host. `npm run build -w web`; `npm start` builds them when they are missing or out of date.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import pages from "./pages.json" with { type: "json" };

const src = fileURLToPath(new URL("src/", import.meta.url));

export default defineConfig({
  root: src,
  base: "./",
  publicDir: false,
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
