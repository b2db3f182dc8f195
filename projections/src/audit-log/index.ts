export { type AuditFilterOptions, getAuditFilterOptions } from './filter-options';
export { auditLogProjector, subjectUserOf } from './projector';
export * from './queries';
export { redactSecrets } from './redact';
export { emailsOfUsers, searchUsers, type UserSearch, userIdsByEmail } from './user-directory';
