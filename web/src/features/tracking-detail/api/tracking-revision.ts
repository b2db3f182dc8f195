/**
 * The stream revision of each tracking as this window last saw it (the detail's `revision`). Commands send it as
 * `If-Match`, so that a command decided on an older picture of the tracking (another window acted meanwhile) is
 * refused with 409 instead of recorded twice.
 */
const revisions = new Map<string, number>();

export const rememberRevision = (trackingId: string, revision: number | undefined): void => {
  if (revision !== undefined) revisions.set(trackingId, revision);
};

export const ifMatchHeaders = (trackingId: string | undefined): Record<string, string> => {
  const revision = trackingId === undefined ? undefined : revisions.get(trackingId);
  return revision === undefined ? {} : { 'If-Match': `"r${revision}"` };
};
