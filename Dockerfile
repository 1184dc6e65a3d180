# Images for the api and worker (target `app`, the default) and the web app (target `web`, nginx).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY emails/package.json emails/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w contracts && npm run build -w emails && npm run build -w backend && npm run build -w frontend \
  && npm prune --omit=dev

FROM nginx:1.27-alpine AS web
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/frontend/dist /usr/share/nginx/html
EXPOSE 8080

# The api and the worker (the default target).
FROM node:24-bookworm-slim AS app
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/contracts/package.json contracts/
COPY --from=build /app/contracts/dist contracts/dist
COPY --from=build /app/emails/package.json emails/
COPY --from=build /app/emails/dist emails/dist
COPY --from=build /app/backend/package.json backend/
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/frontend/package.json frontend/
COPY --from=build /app/frontend/dist frontend/dist
# The web app's server renderer: the api renders signed-in screens with it (backend/src/http/signed-in-pages.ts).
COPY --from=build /app/frontend/dist-ssr frontend/dist-ssr
RUN mkdir -p /data/files && chown node:node /data/files
USER node
EXPOSE 3000
CMD ["node", "backend/dist/main.js"]
