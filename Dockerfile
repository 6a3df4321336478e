# One image for every part of the platform (the command picks which runs).
# Stage 1 installs and compiles (`npm run build`: dist/ and apps/web/dist);
# stage 2 keeps what runs: plain node on the compiled code, no TypeScript at run time.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json prisma.config.ts ./
COPY apps ./apps
COPY packages ./packages
COPY prisma ./prisma
COPY scripts ./scripts
RUN npm ci --no-audit --no-fund && npm run build

FROM node:20-bookworm-slim AS runtime
# ffmpeg for video; nginx with the RTMP module for the media gateway's RTMP ingest;
# srt-tools (srt-live-transmit) for its SRT ingest; the PostgreSQL client for `npm run backup` and `npm run restore`.
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg nginx-light libnginx-mod-rtmp srt-tools fonts-dejavu-core postgresql-client \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
COPY --from=build /app /app
EXPOSE 3000 1935 8890/udp
# `npm start` on its own runs every part in one container (node dist/start.js): it migrates
# (and seeds an empty database), then supervises the server, worker, media gateway and simulator.
CMD ["npm", "start"]
