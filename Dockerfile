# Production image: serves pages, the JSON API, websockets and (unless RUN_WORKERS=false) the workers;
# `node --import tsx jobs/worker.ts` runs the workers alone. Needs DATABASE_URL, REDIS_URL, SESSION_SECRET, SMTP_URL
# and PUBLIC_URL at run time; compose.yaml shows a whole deployment (README, Deployment; ADR 0089).
FROM node:22-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# patches/ (patch-package, run by postinstall) must be there before the install.
COPY patches ./patches
RUN npm install --no-audit --no-fund
COPY . .
RUN NODE_ENV=production npx remix vite:build && npm prune --omit=dev

FROM node:22-bookworm-slim
WORKDIR /app
# Uploads on local disk (STORAGE_BACKEND=local, the default) go to STORAGE_DIR: a volume in compose.yaml,
# shared by every app and worker container; STORAGE_BACKEND=s3 keeps them in a bucket instead (ADR 0088).
ENV NODE_ENV=production APP_ENV=production PORT=3000 STORAGE_DIR=/app/.data/uploads
# Every process lives within a 512 MB container: V8's heap limit and glibc's allocator settings, the values of
# scripts/process-memory.mjs (npm start, npm run worker and npm run cluster set the same; ADR 0105).
ENV NODE_OPTIONS=--max-old-space-size=256 MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/package.json /app/server.ts ./
COPY --from=build /app/server ./server
COPY --from=build /app/app ./app
COPY --from=build /app/db ./db
COPY --from=build /app/jobs ./jobs
COPY --from=build /app/scripts/storage-migrate.ts ./scripts/storage-migrate.ts
# /app stays root's (the code cannot be changed by the process); only the uploads directory is node's, made
# before the VOLUME line so a fresh named volume starts with this owner (otherwise the first upload fails, EACCES).
RUN mkdir -p /app/.data/uploads && chown node:node /app/.data/uploads
VOLUME /app/.data/uploads
USER node
EXPOSE 3000
# Migrations run first so a new image never serves an old schema (compose.yaml runs them once, as `migrate`).
# Node itself, as the scripts start it (not npx tsx: npm and tsx's launcher would be two more Node processes in
# the container's memory), and exec'd, so SIGTERM reaches the server's graceful stop (ADR 0086) rather than sh.
CMD ["sh", "-c", "node --import tsx db/migrate.ts && exec node --import tsx server.ts"]
