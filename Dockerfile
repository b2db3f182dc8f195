# The app image for docker-compose.yml: a build stage compiles the web app and the server (npm run build); the
# runtime stage holds only production dependencies and runs the compiled server with plain node as a non-root user.
# Operator commands run the same way: docker compose exec app node scripts/dist/migrate.js (see README).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY core/package.json core/
COPY projections/package.json projections/
COPY api/package.json api/
COPY web/package.json web/
COPY scripts/package.json scripts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY core/package.json core/
COPY projections/package.json projections/
COPY api/package.json api/
COPY web/package.json web/
COPY scripts/package.json scripts/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# The sources stay beside the bundles: the server reads its SQL migrations, the bundled market data and
# package.json from there. Everything is owned by root and read-only for the app; only .data is writable.
COPY . .
COPY --from=build /app/web/dist web/dist
COPY --from=build /app/api/dist api/dist
COPY --from=build /app/scripts/dist scripts/dist
RUN mkdir -p .data && chown node:node .data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=20s --retries=12 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health/ready').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "--max-semi-space-size=64", "api/dist/server.js"]
