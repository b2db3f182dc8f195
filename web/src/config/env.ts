/** Build-time facts about the running client (shown on the environment-info page). */
export const env = {
  mode: import.meta.env.MODE,
  baseUrl: import.meta.env.BASE_URL,
  prod: import.meta.env.PROD,
  dev: import.meta.env.DEV,
} as const;
