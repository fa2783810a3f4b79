# syntax=docker/dockerfile:1

# Letsema in one image: the API serving the built web app. Build with `docker build -t letsema .`;
# `compose.yaml` runs two of them behind a TLS proxy with PostgreSQL and S3-compatible storage.

# Pinned to one build of one version: a rebuild gets the same base until this line is changed.
ARG NODE_IMAGE=node:20.19.5-bookworm-slim@sha256:9e70124bd00f47dd023e349cd587132ae61892acc0e47ed641416c3e18f401c3

# ---- build: every dependency, then the web app and the server bundle -------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The manifests first, so the install is cached until a dependency changes.
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
# apps/web/dist (with its .br and .gz copies), apps/api/dist/main.js, the backup command
# (apps/api/dist/backup.js) and the embedded database's template
RUN npm run build

# ---- runtime: the API's production dependencies and the two builds, as a non-root user ---------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
# Only what the API needs at run time: no web, test or build tools.
RUN npm ci --omit=dev --workspace @letsema/api --no-audit --no-fund \
    && npm cache clean --force
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY apps/api/drizzle apps/api/drizzle
# `npm run backup` / `npm run restore` run the bundle: no sources, no transpiler in the image.
COPY scripts/backup.mjs scripts/backup.mjs
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM stops it cleanly (requests in flight answered) within SHUTDOWN_TIMEOUT_SECONDS.
STOPSIGNAL SIGTERM
CMD ["node", "apps/api/dist/main.js"]
