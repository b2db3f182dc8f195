export type * from './commands';
export { userDecider } from './decide';
export * from './email-reservation';
export * from './events';
export type { GoogleConnection, RegisteredUser, UserState } from './state';
export { userErrors } from './user-errors';
