# The service image (the relay deploys with wrangler, not from here). Cloud Run settings: docs/deployment.md.
# Checked without Docker by service/test/e2e/dockerfile.test.ts, which runs these same steps.
# Node 24, the current LTS: it runs the TypeScript sources itself (type stripping), so the image
# needs no build step and no loader; service/tsconfig.json keeps the code erasable-syntax-only.
FROM node:24.21-bookworm-slim

ENV NODE_ENV=production \
    PORT=8080
WORKDIR /app

# Dependencies first (cached while only source changes): the service workspace's runtime
# dependencies alone, at the lockfile's versions.
# `npm install --no-save` rather than `npm ci`: the lockfile lacks other platforms' optional
# packages (npm/cli#8805), which `npm ci` refuses; switch back once it records them.
COPY package.json package-lock.json ./
COPY service/package.json service/
COPY relay/package.json relay/
COPY web/package.json web/
COPY front/package.json front/
RUN npm install --omit=dev --workspace service --no-save --prefer-offline --no-audit --no-fund
# Scoresheets read the regular weight of each Noto font (service/src/features/scoresheets/pdf/
# fallback-fonts.ts); the font packages ship every weight, so the others go (about 150 MB).
RUN find . -path '*/node_modules/@expo-google-fonts/*' -name '*.ttf' ! -name '*_400Regular.ttf' -delete

COPY service/src service/src

# Never root at runtime. node is PID 1 and handles SIGTERM itself: it drains in-flight requests and exits.
USER node
WORKDIR /app/service
EXPOSE 8080
STOPSIGNAL SIGTERM
# Cleartext HTTP/2 (h2c) on $PORT: the entry of `npm run serve`, without the tsx loader.
CMD ["node", "src/main.ts"]
