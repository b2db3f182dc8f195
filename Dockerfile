# The app image for docker-compose.yml: builds the web client, runs the API (which serves it) with tsx.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY core/package.json core/
COPY projections/package.json projections/
COPY api/package.json api/
COPY web/package.json web/
COPY scripts/package.json scripts/
RUN npm ci --include=dev
COPY . .
RUN npm run build
USER node
EXPOSE 3000
CMD ["npx", "tsx", "api/src/server.ts"]
