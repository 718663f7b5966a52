# Production image: serves pages, the JSON API, websockets and (unless RUN_WORKERS=false) the workers.
# Needs DATABASE_URL, REDIS_URL, SESSION_SECRET, SMTP_URL and PUBLIC_URL at run time.
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
ENV NODE_ENV=production APP_ENV=production PORT=3000
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/package.json /app/server.ts ./
COPY --from=build /app/server ./server
COPY --from=build /app/app ./app
COPY --from=build /app/db ./db
COPY --from=build /app/jobs ./jobs
USER node
EXPOSE 3000
# Migrations run first so a new image never serves an old schema.
CMD ["sh", "-c", "npx tsx db/migrate.ts && npx tsx server.ts"]
