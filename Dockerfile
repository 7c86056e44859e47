# Trellis: a build stage with the dev dependencies, and a runtime stage that holds what the
# CI's production phase runs: dist/, package.json, package-lock.json and the runtime install,
# plus the `trellis` CLI. One image, two uses: `trellis migrate` once per release, then the
# server (the default command) on as many instances as wanted.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY scripts ./scripts
COPY src ./src
RUN npm run build

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# the CLI, as package.json's "bin" names it, on PATH: `docker run IMAGE trellis migrate` runs
# a release's migration and first admin with the image that serves it (docs/operations.md).
# bin/trellis.mjs runs dist/cli.js; in production it never builds, it only checks dist/ is there.
COPY bin ./bin
COPY scripts/build-if-stale.mjs ./scripts/
RUN ln -s /app/bin/trellis.mjs /usr/local/bin/trellis
# the image's own user, not root; the embedded database (pglite://) would need a writable volume
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains the requests in flight and exits 0 (SHUTDOWN_TIMEOUT_SECONDS)
STOPSIGNAL SIGTERM
CMD ["npm", "start", "--silent"]
