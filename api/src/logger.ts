import pino, { type Logger } from 'pino';
import type { AppConfig } from './config';

/** JSON logs in production; readable lines when a person watches the terminal. */
export const createLogger = (config: AppConfig): Logger => {
  const pretty = config.NODE_ENV !== 'production' && process.stdout.isTTY;
  return pino({
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
};
