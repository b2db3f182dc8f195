/** Uploads are recognised by their leading bytes; the rule lives in core so the web client applies it too. */
export { sniffImageType } from '@etf-replicator/core/shared/image-signature';
