# Production image: builds the server, the client and the SSR bundle, then runs with production
# dependencies only.
FROM node:24-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000
# The V8 heap's budget: the old generation capped so that the process stays within 400 MB of RSS under load
# (bench/results/latest.md measures the app started with these flags).
ENV NODE_OPTIONS="--max-old-space-size=320"
# The MySQL/MariaDB client programs: `node dist/backup/cli.js backup` dumps the database with mariadb-dump
# (--single-transaction) and `restore` loads it with mariadb.
RUN apt-get update && apt-get install -y --no-install-recommends mariadb-client && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/build ./build
COPY --from=build /app/views ./views
COPY --from=build /app/public ./public
# Uploaded company logos (UPLOADS_DIR): a volume in docker-compose.yml, writable by the app's user.
RUN mkdir -p /app/var/uploads /app/var/outbox /app/var/backups && chown -R node:node /app/var
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s CMD node -e "fetch('http://127.0.0.1:3000/api/health/ready').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "dist/main.js"]
