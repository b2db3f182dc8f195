export const ROLE_USER = 'ROLE_USER';
export const ROLE_ADMIN = 'ROLE_ADMIN';
export type Role = typeof ROLE_USER | typeof ROLE_ADMIN;

export const userRoles: readonly Role[] = [ROLE_USER, ROLE_ADMIN];
export const adminRoles: readonly Role[] = [ROLE_ADMIN];
