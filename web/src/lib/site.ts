/** The host the user is on (with its port), sent with registration and e-mail requests so links come back here. */
export const currentHost = (): string => window.location.host;
