# One image for the server, the worker and the media gateway (the command picks which runs).
# Stage 1 installs and builds; stage 2 keeps only what runs.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json prisma.config.ts ./
COPY apps ./apps
COPY packages ./packages
COPY prisma ./prisma
COPY scripts ./scripts
RUN npm ci --no-audit --no-fund && npm run build --if-present --workspaces

FROM node:20-bookworm-slim AS runtime
# ffmpeg for video; nginx with the RTMP module for the media gateway's RTMP ingest.
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg nginx-light libnginx-mod-rtmp fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
COPY --from=build /app /app
EXPOSE 3000 1935 8890/udp
# Migrates (and seeds an empty database), then serves API, realtime and web client.
CMD ["npm", "start"]
